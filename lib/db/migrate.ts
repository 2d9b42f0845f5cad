import { sql, type Kysely } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import { adoptLegacySchemaVersion, currentSchema } from './legacy-migrations';
import type { SqlDialect } from './open-database';
import { exclusiveTransaction } from './sql-helpers';

// Versioned schema migrations, applied on open, in order, once each, by Kysely's Migrator over the
// steps written in code (no migration files to ship). `<prefix>_migration` records the steps applied.
// The whole run is one transaction holding an exclusive lock, so two processes opening a fresh
// database at the same moment do not race, and a failed step leaves nothing half-done. Both the
// service's store and the order store use it.

/** Column types that differ by dialect, handed to each migration. */
export interface ColumnTypes {
  /** Text keys; binary ("C") collation on PostgreSQL so id tie-breakers sort exactly as on SQLite. */
  key: string;
  big: string;
  sqlite: boolean;
}

/**
 * A step's statement: SQL, or a function that moves data SQL cannot (reads rows, writes them back
 * converted), run in the same transaction.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration predates any typed schema
export type MigrationStatement = string | ((db: Kysely<any>) => Promise<void>);

/** One schema step: the statements to run, in order. */
export type Migration = (types: ColumnTypes) => MigrationStatement[];

export function columnTypes(dialect: SqlDialect): ColumnTypes {
  const postgres = dialect === 'postgres';
  return { key: postgres ? 'TEXT COLLATE "C"' : 'TEXT', big: postgres ? 'BIGINT' : 'INTEGER', sqlite: !postgres };
}

/** The Migrator's name of step `index` (0-based): zero-padded, because the Migrator orders steps by name. */
export function migrationName(index: number): string {
  return `v${String(index + 1).padStart(4, '0')}`;
}

/** Kysely's tables of one store's migrations. */
export function migrationTables(prefix: string): { migrationTableName: string; migrationLockTableName: string } {
  return { migrationTableName: `${prefix}_migration`, migrationLockTableName: `${prefix}_migration_lock` };
}

/** Runs one step's statements on `db`, in order. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration predates any typed schema
export async function runStep(db: Kysely<any>, step: Migration, types: ColumnTypes): Promise<void> {
  for (const statement of step(types))
    if (typeof statement === 'function') await statement(db);
    else await sql.raw(statement).execute(db);
}

function inCodeMigrations(migrations: readonly Migration[], types: ColumnTypes): MigrationProvider {
  const entries = migrations.map((step, index) => [
    migrationName(index),
    {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration predates any typed schema
      up: (db: Kysely<any>) => runStep(db, step, types),
    },
  ]);
  return { getMigrations: async () => Object.fromEntries(entries) };
}

/**
 * Runs `fn` in one transaction that holds the exclusive lock `name`, with the database in the form
 * Kysely's Migrator accepts on each dialect. On PostgreSQL that is the transaction itself. Kysely's
 * SQLite adapter declares no transactional DDL (SQLite has it), so its Migrator refuses a
 * Transaction there: it gets the connection instead, inside our BEGIN IMMEDIATE, which takes
 * SQLite's one write lock at once (waiting on busy_timeout) as exclusiveTransaction does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: only DDL and Kysely's own tables
type AnyDb = Kysely<any>;
async function inMigrationTransaction(db: AnyDb, dialect: SqlDialect, name: string, fn: (db: AnyDb) => Promise<void>) {
  if (dialect === 'postgres') return exclusiveTransaction(db, dialect, name, fn);
  await db.connection().execute(async (conn) => {
    await sql`BEGIN IMMEDIATE`.execute(conn);
    try {
      await fn(conn);
      await sql`COMMIT`.execute(conn);
    } catch (error) {
      await sql`ROLLBACK`.execute(conn).catch(() => undefined);
      throw error;
    }
  });
}

export async function runMigrations<DB>(
  db: Kysely<DB>,
  dialect: SqlDialect,
  prefix: string,
  migrations: readonly Migration[],
): Promise<void> {
  const provider = inCodeMigrations(migrations, columnTypes(dialect));
  await inMigrationTransaction(db, dialect, `${prefix}_migrate`, async (scoped) => {
    // On PostgreSQL Kysely's table check looks in every schema; naming ours keeps it to the one
    // search_path points at (several stores may share a server, one schema each).
    const tables = { ...migrationTables(prefix), migrationTableSchema: await currentSchema(scoped, dialect) };
    await adoptLegacySchemaVersion(
      scoped,
      dialect,
      prefix,
      tables,
      migrations.map((_, index) => migrationName(index)),
    );
    const { error } = await new Migrator({ db: scoped, provider, ...tables }).migrateToLatest();
    if (error) throw error;
  });
}
