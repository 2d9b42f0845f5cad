import 'server-only';
import { join } from 'node:path';
import { dataDir, serverConfig } from '@/lib/config/env';
import { openDatabase } from '@/lib/db/open-database';
import { migrateStore } from './migrations';
import { OrderStore } from './order-store';
import type { StoreDatabase } from './schema';

export { OrderStore } from './order-store';
export type { StoreDatabase } from './schema';
export * from './days';

export interface OrderStoreOptions {
  /** DATABASE_URL: postgres://… or null/empty for SQLite. */
  url?: string | null;
  /** The SQLite file used without a URL; defaults to `<DATA_DIR>/dashboard.db`. */
  sqliteFile?: string;
}

/** Opens (and migrates) an order store. The caller closes it. */
export async function openOrderStore(options: OrderStoreOptions = {}): Promise<OrderStore> {
  const { db, dialect } = openDatabase<StoreDatabase>(options.url ?? null, options.sqliteFile ?? join(dataDir(), 'dashboard.db'));
  try {
    await migrateStore(db, dialect);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return new OrderStore(db, dialect);
}

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
