import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { SqlDialect } from './open-database';

// Small dialect differences, in one place, so store code stays a single Kysely code path.

/**
 * `column` contains `needle` (both already lower-cased by the caller). instr()/strpos() compare
 * characters literally, so `%`, `_`, quotes and backslashes in a user's filter need no escaping,
 * unlike LIKE.
 */
export function containsText(dialect: SqlDialect, column: string, needle: string): RawBuilder<boolean> {
  const fn = dialect === 'postgres' ? sql.raw('strpos') : sql.raw('instr');
  return sql<boolean>`${fn}(${sql.ref(column)}, ${needle}) > 0`;
}

/**
 * The UTF-8 bytes of a text column, returned as a Buffer by both drivers: a stored JSON document
 * can then go into a response without being decoded into a JS string and encoded back.
 */
export function utf8Bytes(dialect: SqlDialect, column: string): RawBuilder<Uint8Array> {
  return dialect === 'postgres'
    ? sql<Uint8Array>`convert_to(${sql.ref(column)}, 'UTF8')`
    : sql<Uint8Array>`cast(${sql.ref(column)} as blob)`;
}

/** Case folding for "ignore case" filters: JavaScript's Unicode-aware lower case, the same on both dialects. */
export function foldCase(text: string): string {
  return text.toLowerCase();
}

/** FNV-1a of a lock name, as the 32-bit key of a PostgreSQL advisory lock. */
export function advisoryLockKey(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

/**
 * Runs `fn` in a transaction that holds an exclusive, named lock: two processes that start at once
 * (migrations, first-start data generation) run one after the other, and the second sees the
 * first's committed work. PostgreSQL uses a transaction-scoped advisory lock; SQLite takes its
 * single write lock with the transaction's first statement (waiting on busy_timeout).
 */
export async function exclusiveTransaction<DB, T>(
  db: Kysely<DB>,
  dialect: SqlDialect,
  name: string,
  fn: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  if (dialect === 'sqlite') {
    await sql`CREATE TABLE IF NOT EXISTS app_locks (name TEXT PRIMARY KEY, taken_at INTEGER NOT NULL)`.execute(db);
  }
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') {
      await sql`SELECT pg_advisory_xact_lock(${advisoryLockKey(name)})`.execute(trx);
    } else {
      await sql`INSERT INTO app_locks (name, taken_at) VALUES (${name}, ${Date.now()})
        ON CONFLICT (name) DO UPDATE SET taken_at = excluded.taken_at`.execute(trx);
    }
    return fn(trx);
  });
}
