import type { ServiceStore } from './store/types';

// Every request needs its credential and (on shop-scoped endpoints) its shop-access check: two
// queries that return the same answer for minutes on end. Positive answers are kept for a few
// seconds, so a busy key costs one data query per request; a revoked key or a deactivated shop
// stops working within `ttlMs`. Misses are never cached: an unknown key always reaches the store,
// and guessing keys cannot fill the cache.

export type Lookups = Pick<ServiceStore, 'findCredential' | 'findShopForKey'>;

interface Entry<T> {
  value: T;
  expires: number;
}

const MAX_ENTRIES = 1_000;

export function cachedLookups(store: Lookups, ttlMs: number, now: () => number): Lookups {
  const entries = new Map<string, Entry<unknown>>();

  async function cached<T>(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const t = now();
    const hit = entries.get(key);
    if (hit && hit.expires > t) return hit.value as T;
    const value = await load();
    if (value === undefined) {
      entries.delete(key);
      return undefined;
    }
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(key, { value, expires: t + ttlMs });
    return value;
  }

  return {
    findCredential: (appKey) => cached(JSON.stringify(['key', appKey]), () => store.findCredential(appKey)),
    findShopForKey: (appKey, shopId) =>
      cached(JSON.stringify(['shop', appKey, shopId]), () => store.findShopForKey(appKey, shopId)),
  };
}
