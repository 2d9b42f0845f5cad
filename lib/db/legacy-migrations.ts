import { sql, type Kysely } from 'kysely';
import type { SqlDialect } from './open-database';

// Before Kysely's Migrator, lib/db/migrate kept one number per store: `<prefix>_meta.schema_version`,
// how many steps had been applied. Such a database must keep opening without re-running them (the
// order store's step 2 empties it): the first time the Migrator meets one, the steps it already has
// are recorded in the Migrator's table, in the migration run's own transaction. The old row stays:
// a rollback to a release before this change still finds its version and re-runs nothing.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: catalog queries only
type AnyDb = Kysely<any>;

/** The schema unqualified names resolve to on PostgreSQL (its search_path); none on SQLite. */
export async function currentSchema(db: AnyDb, dialect: SqlDialect): Promise<string | undefined> {
  if (dialect !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  return rows[0]?.schema;
}

async function tableExists(db: AnyDb, dialect: SqlDialect, name: string, schema: string | undefined): Promise<boolean> {
  const { rows } =
    dialect === 'postgres'
      ? await sql`SELECT 1 AS found FROM information_schema.tables WHERE table_schema = ${schema ?? 'public'} AND table_name = ${name}`.execute(
          db,
        )
      : await sql`SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = ${name}`.execute(db);
  return rows.length > 0;
}

/** Records the steps an old runner applied (the first `schema_version` of `names`) as Kysely's Migrator would have. */
export async function adoptLegacySchemaVersion(
  db: AnyDb,
  dialect: SqlDialect,
  prefix: string,
  tables: { migrationTableName: string; migrationTableSchema: string | undefined },
  names: readonly string[],
): Promise<void> {
  const { migrationTableName: table, migrationTableSchema: schema } = tables;
  if (await tableExists(db, dialect, table, schema)) return; // the Migrator's already
  const meta = `${prefix}_meta`;
  if (!(await tableExists(db, dialect, meta, schema))) return; // a new database
  const { rows } = await sql<{
    value: string;
  }>`SELECT value FROM ${sql.table(meta)} WHERE key = 'schema_version'`.execute(db);
  const applied = Math.min(Number(rows[0]?.value ?? 0), names.length);
  if (!(applied > 0)) return;
  // The table exactly as the Migrator creates it; finding it, the Migrator keeps it.
  await (schema ? db.schema.withSchema(schema) : db.schema)
    .createTable(table)
    .addColumn('name', 'varchar(255)', (column) => column.notNull().primaryKey())
    .addColumn('timestamp', 'varchar(255)', (column) => column.notNull())
    .execute();
  // One millisecond apart: the Migrator orders applied steps by this time.
  const at = Date.now();
  const applies = names
    .slice(0, applied)
    .map((name, index) => ({ name, timestamp: new Date(at + index).toISOString() }));
  await (schema ? db.withSchema(schema) : db).insertInto(table).values(applies).execute();
}
