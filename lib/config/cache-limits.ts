// Every bounded in-process cache's size and lifetime, in one place (each cache is an lru-cache).
// Plain constants, no imports: client-safe, and importable from every folder of lib/.

/** Upstream GET responses, per client: a burst of identical page views is one request. */
export const UPSTREAM_RESPONSES = { max: 500, ttlMs: 10_000 } as const;

/** Orders totals of 366-day windows (limit=1 reads), per client: paging a long range asks each once a minute. */
export const UPSTREAM_WINDOW_TOTALS = { max: 1_000, ttlMs: 60_000 } as const;

/** The shop list, renewed in the background after `refreshAfterMs`; never served older than `maxStaleMs`; retried `retryAfterFailureMs` after a failed renewal. */
export const SHOP_LIST = { refreshAfterMs: 45_000, maxStaleMs: 60 * 60_000, retryAfterFailureMs: 10_000 } as const;

/** The embedded service's found credentials and shop checks: a revoked key stops working within `ttlMs`. */
export const SERVICE_LOOKUPS = { max: 1_000, ttlMs: 5_000 } as const;

/** scrypt verdicts of app secrets (~30 ms each): one per key/secret pair in use, and guesses age out. */
export const SECRET_VERDICTS = { max: 1_000 } as const;

/** The embedded service's memoised counts and query shapes: kept until its data changes (orders settling drop them all). */
export const SERVICE_MEMOS = {
  /** COUNT(*) per (shop, filter). */
  counts: 5_000,
  /** Matching id lists (up to ~1 MB each, so few). */
  idLists: 200,
  /** Key shapes per filter. */
  shapes: 5_000,
  /** Line variants matching a shop's product filters. */
  variants: 1_000,
  /** Compiled page statements. */
  pageQueries: 1_000,
} as const;

/** Unsealed session cookies (~0.8 ms of WebCrypto each): a minute at most, never past the session's end. */
export const UNSEALED_SESSIONS = { max: 1_000, ttlMs: 60_000 } as const;

/** Signed-in sessions kept in memory without Redis: the oldest is signed out beyond this many. */
export const MEMORY_SESSIONS = { max: 10_000 } as const;

/** Prepared SQLite statements: per SQL text, and per SQL text with bound values (reads). */
export const SQLITE_STATEMENTS = { byText: 500, bound: 500 } as const;

/** Sums per shop and month (lib/store/month-cache): kept until the month's stored data changes. */
export const MONTH_SUMS = { max: 20_000 } as const;

/** Learned Pricing models (lib/server/loaders/pricing): per shop, lookback and inputs, until a month of the lookback changes; bounded by the stored lines they hold (about 300 bytes each, so at most ~60 MB; a quarter of the biggest demo shop is 10,000 lines). */
export const PRICING_MODELS = { maxLines: 200_000 } as const;

/** A time zone's UTC offset per quarter hour (lib/time formatShopDateTime): a year of one zone is 35,000. */
export const ZONE_OFFSETS = { max: 100_000 } as const;
/** A time zone's wall-clock formatter (lib/time): one per zone in use. */
export const ZONE_CLOCKS = { max: 500 } as const;
