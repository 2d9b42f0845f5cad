import { sql, type Kysely } from 'kysely';
import type { SqlDialect } from './open-database';
import { exclusiveTransaction } from './sql-helpers';

// Versioned schema migrations, applied on open, in order, once each: `<prefix>_meta.schema_version`
// records the last one. The whole run holds an exclusive lock, so two processes opening a fresh
// database at the same moment do not race. Both the service's store and the order store use it.

/** Column types that differ by dialect, handed to each migration. */
export interface ColumnTypes {
  /** Text keys; binary ("C") collation on PostgreSQL so id tie-breakers sort exactly as on SQLite. */
  key: string;
  big: string;
  sqlite: boolean;
}

/** One schema step: the DDL statements to run, in order. */
export type Migration = (types: ColumnTypes) => string[];

export function columnTypes(dialect: SqlDialect): ColumnTypes {
  const postgres = dialect === 'postgres';
  return { key: postgres ? 'TEXT COLLATE "C"' : 'TEXT', big: postgres ? 'BIGINT' : 'INTEGER', sqlite: !postgres };
}

export async function runMigrations<DB>(
  db: Kysely<DB>,
  dialect: SqlDialect,
  prefix: string,
  migrations: readonly Migration[],
): Promise<void> {
  const meta = sql.table(`${prefix}_meta`);
  const types = columnTypes(dialect);
  await exclusiveTransaction(db, dialect, `${prefix}_migrate`, async (trx) => {
    await sql`CREATE TABLE IF NOT EXISTS ${meta} (key TEXT PRIMARY KEY, value TEXT NOT NULL)`.execute(trx);
    const { rows } = await sql<{ value: string }>`SELECT value FROM ${meta} WHERE key = 'schema_version'`.execute(trx);
    const current = rows[0] ? Number(rows[0].value) : 0;
    for (let version = current; version < migrations.length; version++) {
      for (const statement of migrations[version]!(types)) await sql.raw(statement).execute(trx);
    }
    if (current !== migrations.length) {
      const value = String(migrations.length);
      await sql`INSERT INTO ${meta} (key, value) VALUES ('schema_version', ${value})
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`.execute(trx);
    }
  });
}
