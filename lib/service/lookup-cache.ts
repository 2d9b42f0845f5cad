import { ENTRY_BYTES } from '@/lib/config/cache-limits';
import { boundedCache } from '@/lib/config/caches';
import type { ServiceStore } from './store/types';

// Every request needs its credential and (on shop-scoped endpoints) its shop-access check: two
// queries that return the same answer for minutes on end. Positive answers are kept for a few
// seconds, so a busy key costs one data query per request; a revoked key or a deactivated shop
// stops working within `ttlMs`. Misses are never cached: an unknown key always reaches the store,
// and guessing keys cannot fill the cache.

export type Lookups = Pick<ServiceStore, 'findCredential' | 'findShopForKey'>;

export function cachedLookups(store: Lookups, ttlMs: number, now: () => number): Lookups {
  // The injected clock is read on every check (ttlResolution 0); a read does not extend an entry
  // (peek), so the oldest answer goes first. A TTL of 0 caches nothing (lru-cache's 0 is "forever").
  const entries =
    ttlMs > 0
      ? boundedCache<string, object>('serviceLookups', { size: () => ENTRY_BYTES.small, now, ttlMs, owned: true })
      : undefined;

  async function cached<T extends object>(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const hit = entries?.peek(key);
    if (hit !== undefined) return hit as T;
    // The entry's age counts from the request that asked, as the store answered for that moment.
    const start = now();
    const value = await load();
    if (value === undefined) {
      entries?.delete(key);
      return undefined;
    }
    entries?.set(key, value, { start });
    return value;
  }

  return {
    findCredential: (appKey) => cached(JSON.stringify(['key', appKey]), () => store.findCredential(appKey)),
    findShopForKey: (appKey, shopId) =>
      cached(JSON.stringify(['shop', appKey, shopId]), () => store.findShopForKey(appKey, shopId)),
  };
}
