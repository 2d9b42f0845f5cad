import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { scaledBytes, SQLITE_MEMORY } from '@/lib/config/cache-limits';
import { cachingStatements } from './statement-cache';
import { logger } from '@/lib/log';

// One way to open a Kysely database from configuration (docs/ARCHITECTURE.md#configuration):
// no URL → a SQLite file (better-sqlite3), `postgres://…` → a pg pool. Used by the embedded
// service's store and the dashboard's order store alike, so nothing here knows about either schema.

export type SqlDialect = 'sqlite' | 'postgres';

export interface OpenedDatabase<DB> {
  db: Kysely<DB>;
  dialect: SqlDialect;
  /** The underlying better-sqlite3 handle (SQLite only), for bulk loads with prepared statements. */
  sqlite: Database.Database | null;
}

const PG_INT8 = 20;

/** BIGINT (and COUNT(*)) as a JS number when it is exactly representable, instead of pg's string. */
function parseInt8(value: string): number | string {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
}

function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

export function openSqlite(file: string): Database.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  // WAL lets readers (the handler) run while a writer (first-start generation) holds the lock;
  // NORMAL sync is durable enough for data that can be regenerated, and much faster to write.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  // Concurrent starters wait for each other's generation instead of failing with SQLITE_BUSY.
  sqlite.pragma('busy_timeout = 30000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('temp_store = MEMORY');
  // Its page cache and memory map within MEMORY_BUDGET_MB (lib/config/cache-limits).
  sqlite.pragma(`cache_size = -${Math.floor(scaledBytes(SQLITE_MEMORY.pageCacheBytes) / 1024)}`);
  sqlite.pragma(`mmap_size = ${scaledBytes(SQLITE_MEMORY.mmapBytes)}`);
  return sqlite;
}

export function openPostgresPool(url: string, max = 10): pg.Pool {
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === PG_INT8 && format !== 'binary'
        ? parseInt8
        : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({ connectionString: url, max, types });
  // A connection that dies (failover, an administrator's kill, a reaper) emits 'error' on its
  // client, and with no listener Node ends the whole process. With one, the query in flight or the
  // next one fails instead, and the pool drops that client. Only the code is logged: the message
  // may name the host.
  const onError = (error: Error & { code?: string }) =>
    logger().warn({ scope: 'db', code: error.code ?? error.name }, 'PostgreSQL connection lost');
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return pool;
}

/**
 * Opens `url` (postgres://…) or, when it is null/empty, the SQLite file `sqliteFile` (its folder is
 * created). The caller owns the result and closes it with `db.destroy()`.
 */
export interface OpenDatabaseOptions {
  /** SQLite: reuse prepared statements per SQL text (see statement-cache.ts). */
  cacheStatements?: boolean;
}

export function openDatabase<DB>(
  url: string | null | undefined,
  sqliteFile: string,
  options: OpenDatabaseOptions = {},
): OpenedDatabase<DB> {
  const target = url?.trim();
  if (target) {
    if (!isPostgresUrl(target)) throw new Error('A database URL must start with postgres:// or postgresql://');
    const pool = openPostgresPool(target);
    return { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres', sqlite: null };
  }
  const sqlite = openSqlite(sqliteFile);
  const database = options.cacheStatements ? cachingStatements(sqlite) : sqlite;
  return { db: new Kysely<DB>({ dialect: new SqliteDialect({ database }) }), dialect: 'sqlite', sqlite };
}
