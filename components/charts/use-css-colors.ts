'use client';

import { useEffect, useState } from 'react';

/** Reads colour tokens from CSS variables and follows the system's light/dark switch. */
export function useCssColors(names: readonly string[]): Record<string, string> {
  const key = names.join('|');
  const [colors, setColors] = useState<Record<string, string>>({});
  useEffect(() => {
    const read = () => {
      const style = getComputedStyle(document.documentElement);
      setColors(Object.fromEntries(key.split('|').map((n) => [n, style.getPropertyValue(n).trim()])));
    };
    read();
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    media.addEventListener('change', read);
    return () => media.removeEventListener('change', read);
  }, [key]);
  return colors;
}
