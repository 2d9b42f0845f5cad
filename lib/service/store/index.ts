import 'server-only';
import { join } from 'node:path';
import { dataDir } from '@/lib/config/env';
import { openDatabase } from '@/lib/db/open-database';
import { migrate } from './migrations';
import type { ServiceDatabase } from './schema';
import { SqlServiceStore } from './sql-store';

export { SqlServiceStore } from './sql-store';

export interface ServiceStoreOptions {
  /** SERVICE_DATABASE_URL: postgres://… or null/empty for SQLite. */
  url?: string | null;
  /** The SQLite file used when there is no URL; defaults to `<DATA_DIR>/service.db`. */
  sqliteFile?: string;
  /** The clock orders settle by, in milliseconds (default Date.now). */
  now?: () => number;
}

export function defaultServiceSqliteFile(): string {
  return join(dataDir(), 'service.db');
}

/** Opens the service's database, creating and migrating its schema on first use. No data is generated. */
export async function createServiceStore(options: ServiceStoreOptions = {}): Promise<SqlServiceStore> {
  const { db, dialect, sqlite } = openDatabase<ServiceDatabase>(
    options.url ?? null,
    options.sqliteFile ?? defaultServiceSqliteFile(),
    { cacheStatements: true },
  );
  try {
    await migrate(db, dialect);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return new SqlServiceStore(db, dialect, sqlite, { now: options.now });
}
