// Every bounded in-process cache's size and lifetime, in one place (each cache is an lru-cache made
// by lib/config/caches, bounded by the bytes its entries hold). Plain constants, no imports:
// client-safe, and importable from every folder of lib/.
//
// Sizes are for the reference budget of 512 MB of resident memory; MEMORY_BUDGET_MB scales every
// one of them (a 1 GB budget doubles them, 256 MB halves them). What an entry costs is measured by
// `npm run bench:memory` (the heap an entry holds, after a full collection, over thousands of
// entries), which prints each figure below beside what it measured: the sizes stay honest when a
// shape changes. docs/benchmarks.md (where the memory goes) says how the budget is spent.

/** The budget the sizes below are written for (MB). */
export const REFERENCE_BUDGET_MB = 512;
/** Below this the server alone (Next.js, React, the code) leaves the caches nothing to work with. */
export const MIN_MEMORY_BUDGET_MB = 256;

const KB = 1024;
const MB = 1024 * KB;

/** A cache's limit: bytes at the reference budget, how long an entry may be served (none: until evicted), and the largest entry kept (default: the whole limit). */
export interface CacheLimit {
  bytes: number;
  ttlMs?: number;
  entryBytes?: number;
}

export const CACHE_LIMITS = {
  /** Upstream GET responses, per client: a burst of identical page views is one request. */
  upstreamResponses: { bytes: 8 * MB, ttlMs: 10_000 },
  /** Orders totals of 366-day windows (limit=1 reads), per client: paging a long range asks each once a minute. */
  upstreamWindowTotals: { bytes: 256 * KB, ttlMs: 60_000 },
  /** The embedded service's found credentials and shop checks: a revoked key stops working within `ttlMs`. */
  serviceLookups: { bytes: 512 * KB, ttlMs: 5_000 },
  /** scrypt verdicts of app secrets (~30 ms each): one per key/secret pair in use, and guesses age out. */
  secretVerdicts: { bytes: 256 * KB },
  /** The embedded service's memoised counts, id lists, key shapes, line variants and compiled page statements: kept until its data changes (orders settling drop them all). */
  serviceMemos: { bytes: 24 * MB },
  /** Unsealed session cookies (~0.8 ms of WebCrypto each): a minute at most, never past the session's end. */
  unsealedSessions: { bytes: 1 * MB, ttlMs: 60_000 },
  /** Signed-in sessions kept in memory without Redis (a list more than a cache: the oldest is signed out beyond this). */
  memorySessions: { bytes: 4 * MB },
  /** Prepared SQLite statements (native memory), per database: per SQL text, and per SQL text with bound values (reads). */
  sqliteStatements: { bytes: 4 * MB },
  /** Sums per shop and month (lib/store/month-cache): kept until the month's stored data changes. */
  monthSums: { bytes: 24 * MB },
  /** Learned Pricing models (lib/server/loaders/pricing): per shop, lookback and inputs, until a month of the lookback changes. */
  pricingModels: { bytes: 32 * MB },
  /** Settlement reports (lib/server/loaders/settlement): per shop and range, until a month they read changes. */
  settlementReports: { bytes: 8 * MB },
  /** Finished CSV exports, gzipped (lib/server/exports/kept-files): until a month of their range changes; a larger file is written every time. */
  exportFiles: { bytes: 16 * MB, entryBytes: 2 * MB },
  /** A time zone's UTC offset per quarter hour (lib/time formatShopDateTime): a year of one zone is 35,000. */
  zoneOffsets: { bytes: 4 * MB },
  /** A time zone's wall-clock formatter (lib/time): one per zone in use. */
  zoneClocks: { bytes: 512 * KB },
} as const satisfies Record<string, CacheLimit>;

export type CacheName = keyof typeof CACHE_LIMITS;

/**
 * What an entry costs in bytes of memory, measured (`npm run bench:memory`): the caches' size
 * calculations count with these. Kept answers are sized by their JSON's length (lib/config/caches
 * jsonBytes, counted without writing it) times what a byte of it costs as objects in the heap.
 */
export const ENTRY_BYTES = {
  /** A cache entry's own keeping (lru-cache's slots, a key of about 60 characters): added to every entry. */
  entry: 320,
  /** An upstream answer (parsed and frozen), per byte of its JSON. */
  upstreamJsonByte: 1,
  /** Kept month sums (rows of figures), per byte of their JSON. */
  sumsJsonByte: 0.75,
  /** A learned Pricing model, per byte of its JSON. */
  pricingJsonByte: 1,
  /** A Settlement report, per byte of its JSON. */
  settlementJsonByte: 1.25,
  /** A window total or a service lookup: a number or a small record, and its key. */
  small: 300,
  /** An unsealed session (plus its seal's length) or a signed-in session id. */
  session: 1_300,
  /** A prepared SQLite statement (native memory), plus 4 bytes per character of its SQL. */
  statement: 4_608,
  /** An Intl.DateTimeFormat (its ICU formatter is native memory). */
  zoneClock: 20 * KB,
  /** A memoised id, number or count of the embedded service. */
  serviceId: 60,
} as const;

/**
 * SQLite's own memory per open database (lib/db): its page cache (heap memory, kept while the
 * database is open) and how much of the file it reads through a memory map (the file's pages
 * count in the process's resident memory while the kernel keeps them). Scaled as the caches are.
 */
export const SQLITE_MEMORY = { pageCacheBytes: 16 * MB, mmapBytes: 128 * MB } as const;

/** The shop list, renewed in the background after `refreshAfterMs`; never served older than `maxStaleMs`; retried `retryAfterFailureMs` after a failed renewal. */
export const SHOP_LIST = { refreshAfterMs: 45_000, maxStaleMs: 60 * 60_000, retryAfterFailureMs: 10_000 } as const;

/**
 * The budget this process runs within (MB): MEMORY_BUDGET_MB, checked at start by lib/config's
 * schema (a value below MIN_MEMORY_BUDGET_MB stops the server with a sentence); read here
 * leniently so a browser bundle or a script without it gets the reference budget.
 */
export function memoryBudgetMb(env: Record<string, string | undefined> | undefined = globalThis.process?.env): number {
  const value = Number(env?.MEMORY_BUDGET_MB);
  return Number.isInteger(value) && value >= MIN_MEMORY_BUDGET_MB ? value : REFERENCE_BUDGET_MB;
}

/** `bytes` (at the reference budget) scaled to the process's budget. */
export function scaledBytes(bytes: number, budgetMb: number = memoryBudgetMb()): number {
  return Math.max(1, Math.floor((bytes * budgetMb) / REFERENCE_BUDGET_MB));
}
