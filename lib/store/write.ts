import { sql, type Kysely, type Transaction } from 'kysely';
import type { Order } from '@/lib/contract';
import { chunks } from '@/lib/db/chunks';
import { lineRows, orderRow, RollupDelta, type GrossRow } from './rows';
import { MONEY_COLUMNS, type LineTable, type OrderTable, type StoreDatabase } from './schema';
import { captureSnapshots } from './snapshots';

// Writes that keep the lines and their daily rollups in step, inside the caller's transaction:
// an order's old lines are subtracted from the rollups, replaced, and the new ones added. Money
// is integer cents, so adding and subtracting is exact.

type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;

export const CHUNK = 400;

const lineMoneySelection = [
  'local_day',
  'sku_id',
  'first_line',
  'cancelled',
  'sample',
  'estimated',
  ...MONEY_COLUMNS,
] as const;

/** Subtracts the stored orders (and their lines) from the rollups and deletes them. */
export async function removeOrders(
  trx: Db,
  shopId: string,
  orderIds: readonly string[],
  delta: RollupDelta,
): Promise<void> {
  for (const ids of chunks(orderIds, CHUNK)) {
    const oldOrders = await trx
      .selectFrom('st_order')
      .select(['local_day', 'cancelled', 'sample', 'estimated'])
      .where('shop_id', '=', shopId)
      .where('order_id', 'in', ids)
      .execute();
    if (oldOrders.length === 0) continue;
    for (const o of oldOrders) delta.addOrder(o, -1);
    const oldLines = await trx
      .selectFrom('st_line')
      .select([...lineMoneySelection])
      .where('shop_id', '=', shopId)
      .where('order_id', 'in', ids)
      .execute();
    for (const l of oldLines) delta.addLine(l, -1);
    await trx.deleteFrom('st_line').where('shop_id', '=', shopId).where('order_id', 'in', ids).execute();
    await trx.deleteFrom('st_order').where('shop_id', '=', shopId).where('order_id', 'in', ids).execute();
  }
}

/**
 * The ids of `rows` the store holds already with the same payload and local day: read again and
 * unchanged. Their rows, lines and rollups would be rewritten to the same values, and their
 * months' versions moved for nothing (every sum kept under them learned again).
 */
async function unchangedOrders(trx: Db, shopId: string, rows: readonly OrderTable[]): Promise<Set<string>> {
  const same = new Set<string>();
  for (const batch of chunks(rows, CHUNK)) {
    const stored = await trx
      .selectFrom('st_order')
      .select(['order_id', 'local_day', 'payload'])
      .where('shop_id', '=', shopId)
      .where(
        'order_id',
        'in',
        batch.map((r) => r.order_id),
      )
      .execute();
    const read = new Map(batch.map((r) => [r.order_id, r]));
    for (const s of stored) {
      const row = read.get(s.order_id);
      if (row && row.payload === s.payload && row.local_day === s.local_day) same.add(s.order_id);
    }
  }
  return same;
}

/**
 * Inserts or replaces `orders` (by order id) and returns the rollup change. An order stored with
 * the same payload and local day is left as it is but for `synced_at`, the time it was last seen
 * (removeUnseenOrders removes a window's orders its pass did not see): a re-read that changed
 * nothing changes no sum and moves no month's version (docs/ARCHITECTURE.md#unchanged-is-unchanged).
 */
export async function writeOrders(
  trx: Db,
  shopId: string,
  timeZone: string,
  orders: readonly Order[],
  syncedAt: number,
): Promise<RollupDelta> {
  const delta = new RollupDelta();
  const unique = [...new Map(orders.map((o) => [o.id, o])).values()];
  const allRows = unique.map((o) => orderRow(shopId, o, timeZone, syncedAt));
  const allLines: LineTable[] = unique.flatMap((o, i) => lineRows(shopId, o, allRows[i]!.local_day));
  // Before the stored orders are replaced: a settled order's snapshot is retaken only if it was
  // stored as open until now. Unchanged orders too: one stored before snapshots existed gets its
  // first, and the month of every snapshot taken moves (the Settlement report reads them).
  for (const month of await captureSnapshots(trx, shopId, allRows, allLines, syncedAt)) delta.touched.add(month);
  const same = await unchangedOrders(trx, shopId, allRows);
  for (const ids of chunks([...same], CHUNK))
    await trx
      .updateTable('st_order')
      .set({ synced_at: syncedAt })
      .where('shop_id', '=', shopId)
      .where('order_id', 'in', ids)
      .execute();
  const orderRows = allRows.filter((r) => !same.has(r.order_id));
  if (orderRows.length === 0) return delta;
  const lines = same.size === 0 ? allLines : allLines.filter((l) => !same.has(l.order_id));
  await removeOrders(
    trx,
    shopId,
    orderRows.map((o) => o.order_id),
    delta,
  );
  for (const rows of chunks(orderRows, 200)) await trx.insertInto('st_order').values(rows).execute();
  for (const rows of chunks(lines, CHUNK)) await trx.insertInto('st_line').values(rows).execute();
  for (const o of orderRows) delta.addOrder(o, 1);
  for (const l of lines) delta.addLine(l, 1);
  const names = new Map(lines.map((l) => [l.sku_id, l]));
  for (const rows of chunks([...names.values()], CHUNK)) {
    await trx
      .insertInto('st_sku_name')
      .values(
        rows.map((l) => ({
          shop_id: shopId,
          sku_id: l.sku_id,
          product_id: l.product_id,
          product_name: l.product_name,
          sku_name: l.sku_name,
          seller_sku: l.seller_sku,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['shop_id', 'sku_id']).doUpdateSet((eb) => ({
          product_id: eb.ref('excluded.product_id'),
          product_name: eb.ref('excluded.product_name'),
          sku_name: eb.ref('excluded.sku_name'),
          seller_sku: eb.ref('excluded.seller_sku'),
        })),
      )
      .execute();
  }
  return delta;
}

const plus = (table: string, column: string) =>
  sql<number>`${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)}`;

/** Adds a batch's change into the rollups; rows that drop to zero lines are removed. */
export async function applyDelta(trx: Db, shopId: string, delta: RollupDelta): Promise<void> {
  const skuRows = [...delta.skus.values()].filter((r) => r.lines !== 0 || MONEY_COLUMNS.some((c) => r[c] !== 0));
  for (const rows of chunks(skuRows, CHUNK)) {
    await trx
      .insertInto('st_sku_daily')
      .values(rows.map((r) => ({ ...r, shop_id: shopId })))
      .onConflict((oc) =>
        oc.columns(['shop_id', 'local_day', 'sku_id', 'cancelled', 'sample', 'estimated']).doUpdateSet({
          lines: plus('st_sku_daily', 'lines'),
          ...Object.fromEntries(MONEY_COLUMNS.map((c) => [c, plus('st_sku_daily', c)])),
        }),
      )
      .execute();
  }
  const monthRows = [...delta.months.values()].filter((r) => r.lines !== 0 || MONEY_COLUMNS.some((c) => r[c] !== 0));
  for (const rows of chunks(monthRows, CHUNK)) {
    await trx
      .insertInto('st_sku_monthly')
      .values(rows.map((r) => ({ ...r, shop_id: shopId })))
      .onConflict((oc) =>
        oc.columns(['shop_id', 'month', 'sku_id', 'cancelled', 'sample', 'estimated']).doUpdateSet({
          lines: plus('st_sku_monthly', 'lines'),
          ...Object.fromEntries(MONEY_COLUMNS.map((c) => [c, plus('st_sku_monthly', c)])),
        }),
      )
      .execute();
  }
  const dayRows = [...delta.orders.values()].filter(
    (r) => r.orders !== 0 || r.lines !== 0 || MONEY_COLUMNS.some((c) => r[c] !== 0),
  );
  for (const rows of chunks(dayRows, CHUNK)) {
    await trx
      .insertInto('st_order_daily')
      .values(rows.map((r) => ({ ...r, shop_id: shopId })))
      .onConflict((oc) =>
        oc.columns(['shop_id', 'local_day', 'cancelled', 'sample', 'estimated']).doUpdateSet({
          orders: plus('st_order_daily', 'orders'),
          lines: plus('st_order_daily', 'lines'),
          ...Object.fromEntries(MONEY_COLUMNS.map((c) => [c, plus('st_order_daily', c)])),
        }),
      )
      .execute();
  }
  await applyGross(trx, shopId, 'st_sku_gross_daily', 'local_day', [...delta.grossDays.values()]);
  await applyGross(trx, shopId, 'st_sku_gross_monthly', 'month', [...delta.grossMonths.values()]);
  await bumpMonthVersions(trx, shopId, [
    ...new Set([
      ...[...delta.months.values()].map((r) => r.month),
      ...[...delta.orders.values()].map((r) => r.local_day.slice(0, 7)),
      ...delta.touched,
    ]),
  ]);
  const days = [...new Set([...delta.skus.values()].map((r) => r.local_day))];
  for (const chunk of chunks(days, CHUNK)) {
    await trx
      .deleteFrom('st_sku_daily')
      .where('shop_id', '=', shopId)
      .where('local_day', 'in', chunk)
      .where('lines', '=', 0)
      .execute();
    await trx
      .deleteFrom('st_order_daily')
      .where('shop_id', '=', shopId)
      .where('local_day', 'in', chunk)
      .where('orders', '=', 0)
      .execute();
  }
  const months = [...new Set([...delta.months.values()].map((r) => r.month))];
  if (months.length > 0) {
    await trx
      .deleteFrom('st_sku_monthly')
      .where('shop_id', '=', shopId)
      .where('month', 'in', months)
      .where('lines', '=', 0)
      .execute();
  }
}

/**
 * A new version for each month whose orders or lines this batch changed (sums kept per month,
 * lib/store/month-cache, stop matching). A first version is the clock in ms, so a table emptied and refilled
 * never repeats a version an instance may still hold.
 */
async function bumpMonthVersions(trx: Db, shopId: string, months: readonly string[]): Promise<void> {
  for (const rows of chunks(months, CHUNK)) {
    await trx
      .insertInto('st_month_version')
      .values(rows.map((month) => ({ shop_id: shopId, month, version: Date.now() })))
      .onConflict((oc) =>
        oc.columns(['shop_id', 'month']).doUpdateSet({ version: sql<number>`st_month_version.version + 1` }),
      )
      .execute();
  }
}

type GrossChange = GrossRow & { local_day?: string; month?: string };

/** Adds a batch's change into a gross rollup (by day or by month); groups that drop to zero lines are removed. */
async function applyGross(
  trx: Db,
  shopId: string,
  table: 'st_sku_gross_daily' | 'st_sku_gross_monthly',
  period: 'local_day' | 'month',
  changes: readonly GrossChange[],
): Promise<void> {
  for (const rows of chunks(
    changes.filter((r) => r.lines !== 0 || r.cost_of_goods !== 0),
    CHUNK,
  )) {
    await trx
      .insertInto(table)
      .values(rows.map((r) => ({ ...r, shop_id: shopId })))
      .onConflict((oc) =>
        oc.columns(['shop_id', 'sku_id', period, 'cancelled', 'sample', 'estimated', 'gross_sales']).doUpdateSet({
          lines: plus(table, 'lines'),
          first_lines: plus(table, 'first_lines'),
          cost_of_goods: plus(table, 'cost_of_goods'),
        }),
      )
      .execute();
  }
  // A group can only have dropped to zero lines where this batch removed lines: delete those by key.
  for (const rows of chunks(
    changes.filter((r) => r.lines < 0),
    100,
  )) {
    await trx
      .deleteFrom(table)
      .where('shop_id', '=', shopId)
      .where('lines', '=', 0)
      .where((eb) =>
        eb.or(
          rows.map((r) =>
            eb.and({
              sku_id: r.sku_id,
              [period]: r[period],
              cancelled: r.cancelled,
              sample: r.sample,
              estimated: r.estimated,
              gross_sales: r.gross_sales,
            }),
          ),
        ),
      )
      .execute();
  }
}
