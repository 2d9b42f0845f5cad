import { LRUCache } from 'lru-cache';
import { CACHE_LIMITS, ENTRY_BYTES, scaledBytes, type CacheLimit, type CacheName } from './cache-limits';

// Every bounded in-process cache is made here: an lru-cache bounded by the bytes its entries hold
// (`maxSize`, each entry sized by its caller with lib/config/cache-limits' measured costs), its
// limit and lifetime from cache-limits, scaled by MEMORY_BUDGET_MB. A shared cache is one per
// process whatever module copy asks for it (kept on globalThis: Next gives each route bundle its own
// copy of a module, and a cache per copy would hold the same answers once per bundle and learn them
// once per bundle). A cache of one owner (a database's statements, a client's responses) is its
// own, and is counted with the others of its name. cacheUsage() says what each holds, for
// /api/metrics and the benches.

type AnyCache = LRUCache<NonNullable<unknown>, NonNullable<unknown>>;

interface Registry {
  shared: Map<CacheName, AnyCache>;
  /** Caches of one owner each, by name; weakly held, so a closed database's leaves with it. */
  owned: Map<CacheName, Set<WeakRef<AnyCache>>>;
}

const registry = ((globalThis as typeof globalThis & { __spdCaches?: Registry }).__spdCaches ??= {
  shared: new Map(),
  owned: new Map(),
});

export interface CacheOptions<K, V> {
  /** What an entry holds, in bytes (without the entry's own keeping, which is added). */
  size: (value: V, key: K) => number;
  /** lru-cache's clock (a test's fake clock); with a TTL, read on every check. */
  now?: () => number;
  /** A cache of its owner alone (not the process's one of that name). */
  owned?: boolean;
  /** The owner's own lifetime instead of cache-limits' (a client's configured cache time); lru-cache's 0 is "forever", so an owner that keeps nothing makes no cache. */
  ttlMs?: number;
  /** An owned cache's own bound instead of cache-limits' (a test's small one). */
  maxBytes?: number;
}

function create<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  name: CacheName,
  options: CacheOptions<K, V>,
): LRUCache<K, V> {
  const limit: CacheLimit = CACHE_LIMITS[name];
  const maxSize = options.maxBytes ?? scaledBytes(limit.bytes);
  const ttlMs = options.ttlMs ?? limit.ttlMs;
  return new LRUCache<K, V>({
    maxSize,
    // An entry larger than this is not kept (lru-cache refuses it) rather than emptying the cache.
    maxEntrySize: Math.min(maxSize, limit.entryBytes === undefined ? maxSize : scaledBytes(limit.entryBytes)),
    sizeCalculation: (value, key) => Math.max(1, Math.ceil(options.size(value, key) + ENTRY_BYTES.entry)),
    ...(ttlMs === undefined
      ? {}
      : { ttl: ttlMs, ttlResolution: 0, ...(options.now ? { perf: { now: options.now } } : {}) }),
  });
}

/** The process's cache `name` (or, `owned`, a new one for its caller), bounded as cache-limits says. */
export function boundedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  name: CacheName,
  options: CacheOptions<K, V>,
): LRUCache<K, V> {
  if (options.owned) {
    const cache = create(name, options);
    let owners = registry.owned.get(name);
    if (!owners) registry.owned.set(name, (owners = new Set()));
    owners.add(new WeakRef(cache as unknown as AnyCache));
    return cache;
  }
  let cache = registry.shared.get(name);
  if (!cache) {
    cache = create(name, options) as unknown as AnyCache;
    registry.shared.set(name, cache);
  }
  return cache as unknown as LRUCache<K, V>;
}

export interface CacheUsage {
  name: CacheName;
  /** Caches of this name (one, or one per owner). */
  caches: number;
  entries: number;
  /** Bytes held, as the entries' sizes count them. */
  bytes: number;
  /** The limit of each cache of this name, in bytes. */
  maxBytes: number;
}

/** What every cache holds now. */
export function cacheUsage(): CacheUsage[] {
  const usage = new Map<CacheName, CacheUsage>();
  const count = (name: CacheName, cache: AnyCache) => {
    const u = usage.get(name) ?? { name, caches: 0, entries: 0, bytes: 0, maxBytes: cache.maxSize };
    u.caches += 1;
    u.entries += cache.size;
    u.bytes += cache.calculatedSize;
    usage.set(name, u);
  };
  for (const [name, cache] of registry.shared) count(name, cache);
  for (const [name, owners] of registry.owned)
    for (const ref of owners) {
      const cache = ref.deref();
      if (cache) count(name, cache);
      else owners.delete(ref);
    }
  return [...usage.values()];
}

/** Bytes of a value as JSON, without writing it: the caches size parsed answers by it (ENTRY_BYTES' per-JSON-byte costs). */
export function jsonBytes(value: unknown): number {
  if (value === null || value === undefined) return 4;
  switch (typeof value) {
    case 'string':
      return value.length + 2;
    case 'number':
    case 'boolean':
      return 8;
    case 'object': {
      let n = 2;
      if (Array.isArray(value)) for (const item of value) n += jsonBytes(item) + 1;
      else if (value instanceof Map) for (const [k, v] of value) n += jsonBytes(k) + jsonBytes(v) + 2;
      else for (const [k, v] of Object.entries(value)) n += k.length + 4 + jsonBytes(v);
      return n;
    }
    default:
      return 8;
  }
}
