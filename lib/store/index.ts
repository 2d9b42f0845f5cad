import 'server-only';
import { serverConfig } from '@/lib/config/env';
import type { OrderStore } from './order-store';
import { ensureDemoRates } from './demo-rates';
import { openOrderStore } from './open';
import { logWarning } from '@/lib/log';

export { OrderStore } from './order-store';
export { openOrderStore } from './open';
export type { StoreDatabase } from './schema';
export * from './days';

// One store per process; kept on globalThis so Next's dev reloads do not open a second one.
const holder = globalThis as typeof globalThis & { __spdOrderStore?: Promise<OrderStore> };

let storeForTests: (() => OrderStore) | undefined;

/** Tests: getOrderStore() answers `store()`'s store (read at each call) until this is called with undefined. */
export function serveOrderStoreForTests(store: (() => OrderStore) | undefined): void {
  storeForTests = store;
}

/**
 * The process's order store, from DATABASE_URL (unset → SQLite under DATA_DIR). In demo mode its
 * first open seeds the demo exchange rates (once per store: lib/store/demo-rates).
 */
export function getOrderStore(): Promise<OrderStore> {
  if (storeForTests) return Promise.resolve(storeForTests());
  const config = serverConfig();
  holder.__spdOrderStore ??= openOrderStore({ url: config.databaseUrl })
    .then(async (store) => {
      // A failed seed costs the demo its rates, never the store.
      if (config.embedded)
        await ensureDemoRates(store.db).catch((error: unknown) =>
          logWarning('store', 'demo exchange rates not seeded', error),
        );
      return store;
    })
    .catch((error: unknown) => {
      holder.__spdOrderStore = undefined;
      throw error;
    });
  return holder.__spdOrderStore;
}
