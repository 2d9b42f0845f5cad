'use client';

import { useSyncExternalStore } from 'react';

// The time now for text such as "3 min ago", renewed every `everyMs`. While the page hydrates it is
// null, as it was on the server: a server render and the browser's first render must say the same,
// and a minute that turns between the two made them differ (React's hydration error).

const subscribers = new Map<number, (onChange: () => void) => () => void>();

function subscribeEvery(everyMs: number) {
  let subscribe = subscribers.get(everyMs);
  if (!subscribe) {
    subscribe = (onChange) => {
      const timer = setInterval(onChange, everyMs);
      return () => clearInterval(timer);
    };
    subscribers.set(everyMs, subscribe);
  }
  return subscribe;
}

export function useNow(everyMs: number): number | null {
  return useSyncExternalStore(
    subscribeEvery(everyMs),
    () => Math.floor(Date.now() / everyMs) * everyMs,
    () => null,
  );
}
