'use client';

import { useEffect, useState } from 'react';
import { safeImageUrl } from './safe-image-url';

export interface ProductIconProps {
  src: string | null;
  size?: number;
}

/**
 * A product image from the catalog. The URL is untrusted: only http(s) is loaded, with no referrer.
 * The server and the first client render show a neutral placeholder; the <img> replaces it only once
 * the browser has loaded the picture, so an image that fails (even before hydration, when no error
 * handler is attached yet) never shows the broken-image glyph. Decorative: the product's name is
 * always next to it.
 */
export function ProductIcon({ src, size = 32 }: ProductIconProps) {
  const url = safeImageUrl(src);
  const [loaded, setLoaded] = useState<string | null>(null);

  useEffect(() => {
    if (!url) return;
    let live = true;
    const probe = new Image();
    probe.referrerPolicy = 'no-referrer';
    probe.decoding = 'async';
    probe.onload = () => {
      if (live && probe.naturalWidth > 0) setLoaded(url);
    };
    probe.src = url;
    return () => {
      live = false;
      probe.onload = null;
    };
  }, [url]);

  const sizeClass = size <= 28 ? 'icon-28' : 'icon-32';
  if (!url || loaded !== url) {
    return <span className={`product-icon placeholder ${sizeClass}`} aria-hidden="true" />;
  }
  return (
    // next/image would fetch arbitrary hosts through our server; a plain <img> does not.
    // eslint-disable-next-line @next/next/no-img-element
    <img
      className={`product-icon ${sizeClass}`}
      src={url}
      alt=""
      width={size}
      height={size}
      decoding="async"
      referrerPolicy="no-referrer"
    />
  );
}
