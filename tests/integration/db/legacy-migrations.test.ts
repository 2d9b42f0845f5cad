import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnTypes, migrationName, runMigrations, runStep, type Migration } from '@/lib/db/migrate';
import { openDatabase, type SqlDialect } from '@/lib/db/open-database';
import { createServiceStore } from '@/lib/service/store';
import { SERVICE_MIGRATIONS } from '@/lib/service/store/migrations';
import { openOrderStore } from '@/lib/store';
import { STORE_MIGRATIONS } from '@/lib/store/migrations';

// Databases made before Kysely's Migrator (lib/db/migrate's own runner: `<prefix>_meta.schema_version`
// counted the steps applied) must keep opening without re-running a step. The order store's step 2
// empties every table, so a re-run would be visible as lost rows.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw setup of an old layout
type AnyDb = Kysely<any>;

interface Target {
  /** Where a store opens: a SQLite file, or a private schema of TEST_DATABASE_URL. */
  location: { url?: string; sqliteFile?: string };
  open(): { db: AnyDb; dialect: SqlDialect };
}

let dir: string;
const schemas: string[] = [];
let admin: pg.Client | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'spd-legacy-'));
  if (process.env.TEST_DATABASE_URL) {
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  }
});

afterAll(async () => {
  for (const schema of schemas) await admin?.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin?.end();
  rmSync(dir, { recursive: true, force: true });
});

async function target(dialect: SqlDialect): Promise<Target> {
  const name = Math.random().toString(36).slice(2, 10);
  if (dialect === 'sqlite') {
    const sqliteFile = join(dir, `${name}.db`);
    return {
      location: { sqliteFile },
      open: () => openDatabase<unknown>(null, sqliteFile) as { db: AnyDb; dialect: SqlDialect },
    };
  }
  const schema = `spd_legacy_${process.pid}_${name}`;
  await admin!.query(`CREATE SCHEMA ${schema}`);
  schemas.push(schema);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    location: { url: url.toString() },
    open: () => openDatabase<unknown>(url.toString(), '') as { db: AnyDb; dialect: SqlDialect },
  };
}

/** What the old runner left behind after applying the first `version` steps. */
async function makeLegacy(
  t: Target,
  prefix: string,
  migrations: readonly Migration[],
  version: number,
): Promise<AnyDb> {
  const { db, dialect } = t.open();
  await sql.raw(`CREATE TABLE ${prefix}_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`).execute(db);
  for (const step of migrations.slice(0, version)) await runStep(db, step, columnTypes(dialect));
  await sql.raw(`INSERT INTO ${prefix}_meta (key, value) VALUES ('schema_version', '${version}')`).execute(db);
  return db;
}

async function names(db: AnyDb, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM ${sql.table(table)} ORDER BY name`.execute(db);
  return rows.map((row) => row.name);
}

const dialects: SqlDialect[] = ['sqlite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];

describe.each(dialects)('migrations on %s', (dialect) => {
  it('opens an order store made by the old runner without re-running a step', async () => {
    const t = await target(dialect);
    const legacy = await makeLegacy(t, 'st', STORE_MIGRATIONS, STORE_MIGRATIONS.length);
    await sql`INSERT INTO st_coverage (shop_id, local_day, synced_at) VALUES ('shop-1', '2025-01-01', 1)`.execute(
      legacy,
    );
    await legacy.destroy();

    for (let open = 0; open < 2; open++) {
      const store = await openOrderStore(t.location);
      await store.close();
    }
    const { db } = t.open();
    const { rows } = await sql<{ shop_id: string }>`SELECT shop_id FROM st_coverage`.execute(db);
    expect(rows).toEqual([{ shop_id: 'shop-1' }]);
    expect(await names(db, 'st_migration')).toEqual(STORE_MIGRATIONS.map((_, index) => migrationName(index)));
    await db.destroy();
  });

  it('runs only the steps an old database lacks', async () => {
    const t = await target(dialect);
    const legacy = await makeLegacy(t, 'st', STORE_MIGRATIONS, 2);
    await sql`INSERT INTO st_coverage (shop_id, local_day, synced_at) VALUES ('shop-1', '2025-01-01', 1)`.execute(
      legacy,
    );
    await legacy.destroy();

    const store = await openOrderStore(t.location);
    await store.close();
    const { db } = t.open();
    expect((await sql`SELECT shop_id FROM st_coverage`.execute(db)).rows).toHaveLength(1);
    // Step 3's table exists now.
    expect((await sql`SELECT COUNT(*) AS n FROM st_reconcile`.execute(db)).rows).toHaveLength(1);
    expect(await names(db, 'st_migration')).toEqual(STORE_MIGRATIONS.map((_, index) => migrationName(index)));
    await db.destroy();
  });

  it("opens the service's store made by the old runner, its other meta entries kept", async () => {
    const t = await target(dialect);
    const legacy = await makeLegacy(t, 'svc', SERVICE_MIGRATIONS, SERVICE_MIGRATIONS.length);
    await sql`INSERT INTO svc_meta (key, value) VALUES ('demo', 'generated')`.execute(legacy);
    await legacy.destroy();

    const store = await createServiceStore({
      ...t.location,
      sqliteFile: t.location.sqliteFile ?? join(dir, 'unused.db'),
    });
    expect(await store.getMeta('demo')).toBe('generated');
    await store.close();
    const { db } = t.open();
    expect(await names(db, 'svc_migration')).toEqual(SERVICE_MIGRATIONS.map((_, i) => `v000${i + 1}`));
    await db.destroy();
  });

  it('a new database gets every step; a failing step leaves nothing behind', async () => {
    const t = await target(dialect);
    const { db } = t.open();
    const steps: Migration[] = [
      () => ['CREATE TABLE t_one (id INTEGER PRIMARY KEY)'],
      () => ['CREATE TABLE t_two (id INTEGER PRIMARY KEY)'],
    ];
    await expect(
      runMigrations(db, dialect, 't', [...steps, () => ['CREATE TABLE t_one (id INTEGER)']]),
    ).rejects.toThrow();
    await expect(sql`SELECT id FROM t_one`.execute(db)).rejects.toThrow();
    await runMigrations(db, dialect, 't', steps);
    await runMigrations(db, dialect, 't', steps);
    expect(await names(db, 't_migration')).toEqual(['v0001', 'v0002']);
    await db.destroy();
  });
});
