import type { Database as SqliteHandle, Statement } from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { Order, Product, RefundDay, Shop } from '@/lib/contract';
import type { SqlDialect } from '@/lib/db/open-database';
import { foldCase } from '@/lib/db/sql-helpers';
import type { ServiceDatabase } from './schema';
import { chunks } from '@/lib/db/chunks';

// Bulk writes of the service's data set (demo generation and the benchmark seed). Rows go in
// multi-row INSERTs sized well under both dialects' bound-parameter limits.

type Db = Kysely<ServiceDatabase>;

export interface AccountRow {
  id: string;
  name: string;
  restFeature: boolean;
  appKey: string;
  secretHash: string;
  salt: string;
}

export interface ShopRow {
  accountId: string;
  position: number;
  active: boolean;
  shop: Shop;
}

/** The descriptor of one (product, SKU) pair as it appears on order lines. */
export interface LineVariantRow {
  variantNo: number;
  productId: string;
  name: string;
  skuId: string;
  skuName: string;
  sellerSku: string;
}

/** An order's settled payload and when it replaces the stored one (see ./settlement.ts). */
export interface SettlementRow {
  /** Unix seconds. */
  settleAt: number;
  order: Order;
}

export interface OrderRow {
  order: Order;
  variantNos: number[];
  /** Present while the order is still to settle. */
  settlement?: SettlementRow;
}

export async function writeAccounts(db: Db, accounts: readonly AccountRow[]): Promise<void> {
  for (const a of accounts) {
    await db
      .insertInto('svc_account')
      .values({ id: a.id, name: a.name, rest_feature: a.restFeature ? 1 : 0 })
      .execute();
    await db
      .insertInto('svc_app_key')
      .values({ app_key: a.appKey, account_id: a.id, secret_hash: a.secretHash, salt: a.salt })
      .execute();
  }
}

export async function writeShops(db: Db, shops: readonly ShopRow[]): Promise<void> {
  if (shops.length === 0) return;
  await db
    .insertInto('svc_shop')
    .values(
      shops.map((s) => ({
        id: s.shop.id,
        account_id: s.accountId,
        position: s.position,
        active: s.active ? 1 : 0,
        name_lc: foldCase(s.shop.shopName),
        payload: JSON.stringify(s.shop),
      })),
    )
    .execute();
}

export async function writeCatalog(
  db: Db,
  shopId: string,
  products: readonly Product[],
  variants: readonly LineVariantRow[],
): Promise<void> {
  for (const batch of chunks(products, 200)) {
    await db
      .insertInto('svc_product')
      .values(
        batch.map((p) => ({
          id: p.id,
          shop_id: shopId,
          position: products.indexOf(p),
          name_lc: foldCase(p.name),
          product_id_lc: foldCase(p.productId),
          payload: JSON.stringify(p),
        })),
      )
      .execute();
  }
  const skus = products.flatMap((p) =>
    p.skus.map((s) => ({
      id: s.id,
      shop_id: shopId,
      product_ref: p.id,
      sku_id_lc: foldCase(s.id),
      seller_sku_lc: foldCase(s.sku),
    })),
  );
  for (const batch of chunks(skus, 500)) await db.insertInto('svc_sku').values(batch).execute();
  const rows = variants.map((v) => ({
    shop_id: shopId,
    variant_no: v.variantNo,
    product_id_lc: foldCase(v.productId),
    name_lc: foldCase(v.name),
    sku_id_lc: foldCase(v.skuId),
    sku_name_lc: foldCase(v.skuName),
    seller_sku_lc: foldCase(v.sellerSku),
  }));
  for (const batch of chunks(rows, 500)) await db.insertInto('svc_line_variant').values(batch).execute();
}

const ORDER_INSERT = `INSERT INTO svc_order (id, shop_id, create_time, order_number_lc, status_lc, order_type, sample_order, payload)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?)`;
const LINE_INSERT =
  'INSERT OR IGNORE INTO svc_order_line (shop_id, variant_no, create_time, order_id) VALUES (?, ?, ?, ?)';
const SETTLEMENT_INSERT = 'INSERT INTO svc_settlement (order_id, shop_id, settle_at, payload) VALUES (?, ?, ?, ?)';
const prepared = new WeakMap<SqliteHandle, { order: Statement; line: Statement; settlement: Statement }>();

/** SQLite fast path: one prepared statement per row kind, run inside the caller's transaction. */
function writeOrdersSqlite(sqlite: SqliteHandle, shopId: string, orders: readonly OrderRow[]): void {
  let statements = prepared.get(sqlite);
  if (!statements) {
    statements = {
      order: sqlite.prepare(ORDER_INSERT),
      line: sqlite.prepare(LINE_INSERT),
      settlement: sqlite.prepare(SETTLEMENT_INSERT),
    };
    prepared.set(sqlite, statements);
  }
  for (const { order: o, variantNos, settlement } of orders) {
    statements.order.run(
      o.id,
      shopId,
      o.createTime,
      foldCase(o.orderNumber),
      foldCase(o.status),
      o.orderType,
      o.sampleOrder,
      JSON.stringify(o),
    );
    for (const variantNo of variantNos) statements.line.run(shopId, variantNo, o.createTime, o.id);
    if (settlement) statements.settlement.run(o.id, shopId, settlement.settleAt, JSON.stringify(settlement.order));
  }
}

/** Writes orders and their line keys; pass the SQLite handle (when there is one) for the fast path. */
export async function writeOrders(
  db: Db,
  shopId: string,
  orders: readonly OrderRow[],
  sqlite?: SqliteHandle | null,
): Promise<void> {
  if (sqlite) return writeOrdersSqlite(sqlite, shopId, orders);
  for (const batch of chunks(orders, 500)) {
    await db
      .insertInto('svc_order')
      .values(
        batch.map(({ order: o }) => ({
          id: o.id,
          shop_id: shopId,
          create_time: o.createTime,
          order_number_lc: foldCase(o.orderNumber),
          status_lc: foldCase(o.status),
          order_type: o.orderType,
          sample_order: o.sampleOrder,
          payload: JSON.stringify(o),
        })),
      )
      .execute();
  }
  const lines = orders.flatMap(({ order, variantNos }) =>
    [...new Set(variantNos)].map((variantNo) => ({
      shop_id: shopId,
      variant_no: variantNo,
      create_time: order.createTime,
      order_id: order.id,
    })),
  );
  for (const batch of chunks(lines, 1000)) await db.insertInto('svc_order_line').values(batch).execute();
  const settlements = orders.flatMap(({ order, settlement }) =>
    settlement
      ? [
          {
            order_id: order.id,
            shop_id: shopId,
            settle_at: settlement.settleAt,
            payload: JSON.stringify(settlement.order),
          },
        ]
      : [],
  );
  for (const batch of chunks(settlements, 500)) await db.insertInto('svc_settlement').values(batch).execute();
}

export async function writeRefunds(db: Db, shopId: string, refunds: readonly RefundDay[]): Promise<void> {
  for (const batch of chunks(refunds, 500)) {
    await db
      .insertInto('svc_refund_day')
      .values(batch.map((r) => ({ shop_id: shopId, date: r.date, payload: JSON.stringify(r) })))
      .execute();
  }
}

export async function writeMeta(db: Db, entries: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(entries)) {
    await db
      .insertInto('svc_meta')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }
}

/** Fresh planner statistics after a bulk load, so filtered pages pick the right index. */
export async function analyze(db: Db, dialect: SqlDialect): Promise<void> {
  await sql
    .raw(
      dialect === 'sqlite'
        ? 'ANALYZE'
        : 'ANALYZE svc_order, svc_order_line, svc_line_variant, svc_product, svc_sku, svc_shop, svc_refund_day, svc_settlement',
    )
    .execute(db);
}
