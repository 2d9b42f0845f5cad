import type { Kysely } from 'kysely';
import type { SqlDialect } from '@/lib/db/open-database';
import { runMigrations, type Migration } from '@/lib/db/migrate';
import type { ServiceDatabase } from './schema';

// The service store's schema steps (run by lib/db/migrate: once each, under an exclusive lock).
// Append new steps; never edit one that has shipped (databases record steps by position).

export const SERVICE_MIGRATIONS: readonly Migration[] = [
  ({ key, big, sqlite }) => [
    // Created by the runner itself before Kysely's Migrator; a step since.
    `CREATE TABLE IF NOT EXISTS svc_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
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
  ({ key, big }) => [
    // Orders still to settle: their settled payload, applied when the service's clock reaches it.
    `CREATE TABLE IF NOT EXISTS svc_settlement (order_id ${key} PRIMARY KEY, shop_id ${key} NOT NULL,
      settle_at ${big} NOT NULL, payload TEXT NOT NULL)`,
    `CREATE INDEX IF NOT EXISTS svc_settlement_due ON svc_settlement (settle_at)`,
  ],
];

export async function migrate(db: Kysely<ServiceDatabase>, dialect: SqlDialect): Promise<void> {
  await runMigrations(db, dialect, 'svc', SERVICE_MIGRATIONS);
}
