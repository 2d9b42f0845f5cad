import 'server-only';
import { serverConfig } from '@/lib/config/env';
import { sharedRedis } from '@/lib/redis';
import { getOrderStore } from '@/lib/store';
import { getRoutedClient } from '@/lib/connections/upstream';
import { SyncEngine } from './engine';
import { MemoryLock, PostgresAdvisoryLock, RedisLock, type SyncLock } from './lock';
import { RefreshPolicy } from './refresh';
import { logWarning } from '@/lib/log';
import { saveShopView } from '@/lib/store/shop-views';

import { estimateRead, type ReadEstimate } from './estimate';
import type { DayRange } from '@/lib/time';
import type { ShopRef } from './runner';

export { SyncEngine } from './engine';
interface SyncGlobals {
  engine?: Promise<SyncEngine>;
  policy?: RefreshPolicy;
  viewsWritten?: Map<string, number>;
  synced?: Set<(shopId: string) => void>;
}
// Survives Next's dev reloads and its per-route module copies: one engine, one policy.
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
    client: getRoutedClient(),
    lock,
    budgetPerMinute: config.upstream.ratePerMinute,
    // The raw reason is for the operator's log (redacted); the seller sees sellerMessage()'s words in the sync status.
    onError: (shopId, error) => logWarning('sync', `shop ${shopId}: the sync stopped`, error),
    onSynced: (shop) => {
      for (const listener of state.synced ?? []) listener(shop.id);
    },
  });
  state.policy ??= new RefreshPolicy({
    engine,
    store,
    lock,
    onError: (shopId, error) => logWarning('refresh', `shop ${shopId}: a refresh failed`, error),
    served: (shopId) => getRoutedClient().serves(shopId),
  });
  state.policy.start();
  return engine;
}

let engineForTests: (() => SyncEngine) | undefined;

/** Tests: getSyncEngine() answers `engine()`'s engine (read at each call) until this is called with undefined. */
export function serveSyncEngineForTests(engine: (() => SyncEngine) | undefined): void {
  engineForTests = engine;
}

/** The process's sync engine (created on first use, with the refresh policy that keeps the store fresh). */
export function getSyncEngine(): Promise<SyncEngine> {
  if (engineForTests) return Promise.resolve(engineForTests());
  state.engine ??= create().catch((error: unknown) => {
    state.engine = undefined;
    throw error;
  });
  return state.engine;
}

/** Calls `listener` after each of this process's sync runs that ended well (alerts evaluate then); answers the unsubscribe. */
export function onShopSynced(listener: (shopId: string) => void): () => void {
  (state.synced ??= new Set()).add(listener);
  return () => state.synced?.delete(listener);
}

/**
 * What the first read of a range would cost, before it starts (null when it is cheap: never asked
 * about); stores the days before the shop's first order as empty (lib/sync/estimate).
 */
export async function estimateFirstRead(shop: ShopRef, range: DayRange): Promise<ReadEstimate | null> {
  const config = serverConfig();
  const store = await getOrderStore();
  return estimateRead(
    { store, client: getRoutedClient(), budgetPerMinute: config.upstream.ratePerMinute, now: Date.now() },
    shop,
    range,
  );
}

/** How often one instance writes that a shop is being viewed (every instance's views count). */
const VIEW_WRITE_EVERY_MS = 30_000;

/**
 * Notes that a person is looking at a shop, so the refresh policy keeps its today fresher. Written
 * to the store at most every 30 s per shop by this instance; never fails a view.
 */
export function noteShopViewed(shopId: string, now = Date.now()): void {
  const written = (state.viewsWritten ??= new Map());
  if (now - (written.get(shopId) ?? 0) < VIEW_WRITE_EVERY_MS) return;
  written.set(shopId, now);
  void getOrderStore()
    .then((store) => saveShopView(store.db, shopId, now))
    .catch((error: unknown) => logWarning('refresh', 'could not note a shop view', error));
}
