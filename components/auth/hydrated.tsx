'use client';

import { useEffect } from 'react';

/** Marks the page interactive once React has hydrated it (what browser tests wait for, as on the dashboard). */
export function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
