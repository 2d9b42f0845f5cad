import 'server-only';
import { join } from 'node:path';
import { dataDir } from '@/lib/config/env';
import { openDatabase } from '@/lib/db/open-database';
import { migrateStore } from './migrations';
import { OrderStore } from './order-store';
import type { StoreDatabase } from './schema';

export interface OrderStoreOptions {
  /** DATABASE_URL: postgres://… or null/empty for SQLite. */
  url?: string | null;
  /** The SQLite file used without a URL; defaults to `<DATA_DIR>/dashboard.db`. */
  sqliteFile?: string;
}

/** Opens (and migrates) an order store. The caller closes it. */
export async function openOrderStore(options: OrderStoreOptions = {}): Promise<OrderStore> {
  const { db, dialect } = openDatabase<StoreDatabase>(
    options.url ?? null,
    options.sqliteFile ?? join(dataDir(), 'dashboard.db'),
  );
  try {
    await migrateStore(db, dialect);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return new OrderStore(db, dialect);
}
