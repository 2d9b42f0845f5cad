import 'server-only';
import { serverConfig } from '@/lib/config/env';
import type { OrderStore } from './order-store';
import { openOrderStore } from './open';

export { OrderStore } from './order-store';
export { openOrderStore, type OrderStoreOptions } from './open';
export type { StoreDatabase } from './schema';
export * from './days';

// One store per process; kept on globalThis so Next's dev reloads do not open a second one.
const holder = globalThis as typeof globalThis & { __spdOrderStore?: Promise<OrderStore> };

/** The process's order store, from DATABASE_URL (unset → SQLite under DATA_DIR). */
export function getOrderStore(): Promise<OrderStore> {
  holder.__spdOrderStore ??= openOrderStore({ url: serverConfig().databaseUrl }).catch((error: unknown) => {
    holder.__spdOrderStore = undefined;
    throw error;
  });
  return holder.__spdOrderStore;
}
