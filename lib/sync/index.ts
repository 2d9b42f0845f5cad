import 'server-only';
import { redactSecrets } from '@/lib/api/server/redact';
import { serverConfig } from '@/lib/config/env';
import { sharedRedis } from '@/lib/redis';
import { addDays, localDay } from '@/lib/store/days';
import { getOrderStore } from '@/lib/store';
import { getUpstreamClient } from '@/lib/upstream';
import { SyncEngine } from './engine';
import { MemoryLock, PostgresAdvisoryLock, RedisLock, type SyncLock } from './lock';
import { DEFAULT_FRESHNESS } from './plan';

export { SyncEngine, type SyncEngineOptions } from './engine';
export type { RangeCoverage, SyncProgress } from './progress';
export type { ShopRef } from './runner';

/** How often the server re-syncs the recent days of every shop it has synced before. */
export const BACKGROUND_REFRESH_MS = 5 * 60_000;

interface SyncGlobals {
  engine?: Promise<SyncEngine>;
  timer?: ReturnType<typeof setInterval>;
}
// Survives Next's dev reloads and its per-route module copies: one engine, one timer.
const state = ((globalThis as typeof globalThis & { __spdSync?: SyncGlobals }).__spdSync ??= {});

async function create(): Promise<SyncEngine> {
  const config = serverConfig();
  const store = await getOrderStore();
  // Several app instances share a lock through Redis, or through PostgreSQL when it is the store.
  let lock: SyncLock = new MemoryLock();
  if (config.redisUrl) lock = new RedisLock(sharedRedis(config.redisUrl));
  else if (store.dialect === 'postgres') lock = new PostgresAdvisoryLock(store.db);
  const engine = new SyncEngine({
    store,
    client: getUpstreamClient(),
    lock,
    budgetPerMinute: config.upstream.ratePerMinute,
    // The raw reason is for the operator's log (redacted: an upstream body may echo a header);
    // the seller sees sellerMessage()'s words in the sync status.
    onError: (shopId, error) =>
      console.warn(`[sync] shop ${shopId}: ${redactSecrets(error instanceof Error ? error.message : String(error))}`),
  });
  startBackgroundRefresh(engine);
  return engine;
}

/** The process's sync engine (created on first use, with its background refresh). */
export function getSyncEngine(): Promise<SyncEngine> {
  state.engine ??= create().catch((error: unknown) => {
    state.engine = undefined;
    throw error;
  });
  return state.engine;
}

/** Re-syncs the recent (still settling) days of each shop synced before, while the server runs. */
function startBackgroundRefresh(engine: SyncEngine): void {
  if (state.timer) return;
  state.timer = setInterval(() => {
    void refreshRecent(engine).catch((error: unknown) =>
      console.warn(`[sync] background refresh: ${redactSecrets(String(error))}`),
    );
  }, BACKGROUND_REFRESH_MS);
  state.timer.unref();
}

async function refreshRecent(engine: SyncEngine): Promise<void> {
  for (const shop of await engine.knownShops()) {
    const today = localDay(Math.floor(Date.now() / 1000), shop.timezone);
    // Settled months are never re-read by the freshness rules: a cheap count check catches drift.
    await engine.reconcile(shop, { from: addDays(today, -RECONCILE_DAYS), to: today }).catch((error: unknown) => {
      console.warn(
        `[sync] reconcile shop ${shop.id}: ${redactSecrets(error instanceof Error ? error.message : String(error))}`,
      );
    });
    // Recent days, and older ones still holding unsettled orders (only those are stale, see isStale).
    await engine.ensure(shop, { from: addDays(today, -UNSETTLED_REACH_DAYS), to: today });
  }
}

/** How far back unsettled orders are looked for (they settle within about a month). */
const UNSETTLED_REACH_DAYS = Math.max(45, DEFAULT_FRESHNESS.recentDays);

/** How far back stored months are reconciled (the demo's and a year-over-year report's reach). */
const RECONCILE_DAYS = 800;
