'use client';

import { useState } from 'react';
import { safeImageUrl } from './safe-image-url';

export interface ProductIconProps {
  src: string | null;
  size?: number;
}

/**
 * A product image from the catalog. The URL is untrusted: only http(s) is loaded, lazily, with no
 * referrer; anything else, or an image that fails, shows a neutral placeholder. Decorative: the
 * product's name is always next to it.
 */
export function ProductIcon({ src, size = 32 }: ProductIconProps) {
  const [failed, setFailed] = useState(false);
  const url = safeImageUrl(src);
  if (!url || failed) {
    return <span className="product-icon placeholder" style={{ width: size, height: size }} aria-hidden="true" />;
  }
  return (
    // next/image would fetch arbitrary hosts through our server; a plain lazy <img> does not.
    // eslint-disable-next-line @next/next/no-img-element
    <img
      className="product-icon"
      src={url}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}
