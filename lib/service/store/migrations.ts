import { sql, type Kysely } from 'kysely';
import type { SqlDialect } from '@/lib/db/open-database';
import { exclusiveTransaction } from '@/lib/db/sql-helpers';
import type { ServiceDatabase } from './schema';

// Schema migrations, applied on open, in order, once each (svc_meta.schema_version records the
// last one). Every step runs under an exclusive lock, so two processes opening a fresh database
// at the same moment do not race.

type Ddl = (t: { key: string; big: string; sqlite: boolean }) => string[];

const MIGRATIONS: Ddl[] = [
  ({ key, big, sqlite }) => [
    `CREATE TABLE IF NOT EXISTS svc_account (id ${key} PRIMARY KEY, name TEXT NOT NULL, rest_feature INTEGER NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS svc_app_key (app_key ${key} PRIMARY KEY, account_id ${key} NOT NULL REFERENCES svc_account(id),
      secret_hash TEXT NOT NULL, salt TEXT NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS svc_shop (id ${key} PRIMARY KEY, account_id ${key} NOT NULL REFERENCES svc_account(id),
      position INTEGER NOT NULL, active INTEGER NOT NULL, name_lc TEXT NOT NULL, payload TEXT NOT NULL)`,
    `CREATE INDEX IF NOT EXISTS svc_shop_account ON svc_shop (account_id, position, id)`,
    `CREATE TABLE IF NOT EXISTS svc_product (id ${key} PRIMARY KEY, shop_id ${key} NOT NULL REFERENCES svc_shop(id),
      position INTEGER NOT NULL, name_lc TEXT NOT NULL, product_id_lc TEXT NOT NULL, payload TEXT NOT NULL)`,
    `CREATE INDEX IF NOT EXISTS svc_product_shop ON svc_product (shop_id, position, id)`,
    `CREATE TABLE IF NOT EXISTS svc_sku (id ${key} PRIMARY KEY, shop_id ${key} NOT NULL,
      product_ref ${key} NOT NULL REFERENCES svc_product(id), sku_id_lc TEXT NOT NULL, seller_sku_lc TEXT NOT NULL)`,
    `CREATE INDEX IF NOT EXISTS svc_sku_product ON svc_sku (product_ref)`,
    `CREATE TABLE IF NOT EXISTS svc_order (id ${key} PRIMARY KEY, shop_id ${key} NOT NULL, create_time ${big} NOT NULL,
      order_number_lc TEXT NOT NULL, status_lc TEXT NOT NULL, order_type TEXT NOT NULL, sample_order TEXT NOT NULL,
      payload TEXT NOT NULL)`,
    // One index per filter that narrows the create-time order, so every filtered page is an index walk.
    `CREATE INDEX IF NOT EXISTS svc_order_time ON svc_order (shop_id, create_time, id)`,
    `CREATE INDEX IF NOT EXISTS svc_order_status ON svc_order (shop_id, status_lc, create_time, id)`,
    `CREATE INDEX IF NOT EXISTS svc_order_type ON svc_order (shop_id, order_type, create_time, id)`,
    `CREATE INDEX IF NOT EXISTS svc_order_sample ON svc_order (shop_id, sample_order, create_time, id)`,
    `CREATE TABLE IF NOT EXISTS svc_line_variant (shop_id ${key} NOT NULL, variant_no INTEGER NOT NULL,
      product_id_lc TEXT NOT NULL, name_lc TEXT NOT NULL, sku_id_lc TEXT NOT NULL, sku_name_lc TEXT NOT NULL,
      seller_sku_lc TEXT NOT NULL, PRIMARY KEY (shop_id, variant_no))`,
    `CREATE TABLE IF NOT EXISTS svc_order_line (shop_id ${key} NOT NULL, variant_no INTEGER NOT NULL,
      create_time ${big} NOT NULL, order_id ${key} NOT NULL,
      PRIMARY KEY (shop_id, variant_no, create_time, order_id))${sqlite ? ' WITHOUT ROWID' : ''}`,
    `CREATE TABLE IF NOT EXISTS svc_refund_day (shop_id ${key} NOT NULL, date ${big} NOT NULL, payload TEXT NOT NULL,
      PRIMARY KEY (shop_id, date))`,
  ],
  () => [
    // Product-filtered pages walk lines in create-time order; order-number searches scan a
    // covering index instead of the table.
    `CREATE INDEX IF NOT EXISTS svc_order_line_time ON svc_order_line (shop_id, create_time, order_id, variant_no)`,
    `CREATE INDEX IF NOT EXISTS svc_order_number ON svc_order (shop_id, order_number_lc, create_time, id)`,
  ],
];

export const SCHEMA_VERSION = MIGRATIONS.length;

export async function migrate(db: Kysely<ServiceDatabase>, dialect: SqlDialect): Promise<void> {
  // Binary ("C") collation on PostgreSQL makes the id tie-breaker sort exactly as on SQLite.
  const types = { key: dialect === 'postgres' ? 'TEXT COLLATE "C"' : 'TEXT', big: dialect === 'postgres' ? 'BIGINT' : 'INTEGER', sqlite: dialect === 'sqlite' };
  await exclusiveTransaction(db, dialect, 'svc_migrate', async (trx) => {
    await sql`CREATE TABLE IF NOT EXISTS svc_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`.execute(trx);
    const row = await trx.selectFrom('svc_meta').select('value').where('key', '=', 'schema_version').executeTakeFirst();
    const current = row ? Number(row.value) : 0;
    for (let version = current; version < MIGRATIONS.length; version++) {
      for (const statement of MIGRATIONS[version]!(types)) await sql.raw(statement).execute(trx);
    }
    if (current !== MIGRATIONS.length) {
      await trx
        .insertInto('svc_meta')
        .values({ key: 'schema_version', value: String(MIGRATIONS.length) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(MIGRATIONS.length) }))
        .execute();
    }
  });
}
