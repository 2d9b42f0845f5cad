import type { RefundDay, RefundDetails } from '@/lib/contract';
import { allRefundParts, refundValueCents, type RefundPart } from '@/lib/profit/refunds';
import type { KindRates } from '@/lib/costs/kinds';
import type { OrderCogsData } from '@/lib/costs/order-cogs';
import type { CogsEntry } from '@/lib/costs/types';
import { sql, type Kysely } from 'kysely';
import { earliestStartOf, type Day } from './days';
import { sumsByMonth } from './month-cache';
import { MONEY_COLUMNS, type LineFlags, type MoneyColumns, type StoreDatabase } from './schema';

// Report reads: sums over the daily rollups (never over raw lines), grouped by the flags so the
// caller can apply the cancelled/sample switches with lib/profit's classifyOrder.

/** SUM as an integer on both dialects (PostgreSQL's SUM(bigint) is numeric, i.e. a string). */
const sumOf = (column: string) => sql<number>`cast(sum(${sql.ref(column)}) as bigint)`.as(column);

export type FlaggedSums = LineFlags &
  MoneyColumns & {
    lines: number;
    /** Of cost_of_goods: the change from the seller's dated COGS (0 or absent: the service's figures). */
    cogs_delta?: number;
    /** Lines whose cost of goods is the seller's (lib/costs/cogs). */
    recosted_lines?: number;
  };

const TEXT_KEYS = new Set(['sku_id', 'local_day']);

/** Rows with every figure as a JS number (drivers may hand back integers as strings). */
function numeric<T>(rows: readonly Record<string, unknown>[]): T[] {
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(row)) out[k] = TEXT_KEYS.has(k) ? v : Number(v);
    return out as T;
  });
}

const flagsKey = (r: { sku_id: string } & LineFlags) => `${r.sku_id}\u0000${r.cancelled}${r.sample}${r.estimated}`;

/**
 * Sums per (SKU, flags) over [from, to]: whole months from the monthly rollup, the partial months
 * at the ends from the daily one. Both hold exact cents, so the split never changes a figure.
 */
export async function sumsBySku(
  db: Kysely<StoreDatabase>,
  shopId: string,
  from: Day,
  to: Day,
): Promise<(FlaggedSums & { sku_id: string })[]> {
  type Row = FlaggedSums & { sku_id: string };
  const select = ['sku_id', 'cancelled', 'sample', 'estimated', sumOf('lines'), ...MONEY_COLUMNS.map(sumOf)] as const;
  // Month by month, each kept until its data changes (lib/store/month-cache): whole months from
  // the monthly rollup (one read for all of them), partial ones from the daily rollup.
  const rows = await sumsByMonth<Row>(
    db,
    shopId,
    from,
    to,
    () => 'sku-sums',
    async (pieces) => {
      const whole = pieces.filter((p) => p.whole).map((p) => p.month);
      const [months, ...partial] = await Promise.all([
        whole.length === 0
          ? []
          : db
              .selectFrom('st_sku_monthly')
              .select(['month', ...select])
              .where('shop_id', '=', shopId)
              .where('month', 'in', whole)
              .groupBy(['month', 'sku_id', 'cancelled', 'sample', 'estimated'])
              .execute(),
        ...pieces
          .filter((p) => !p.whole)
          .map((p) =>
            db
              .selectFrom('st_sku_daily')
              .select(select)
              .where('shop_id', '=', shopId)
              .where('local_day', '>=', p.from)
              .where('local_day', '<=', p.to)
              .groupBy(['sku_id', 'cancelled', 'sample', 'estimated'])
              .execute(),
          ),
      ]);
      const byMonth = new Map<string, Row[]>(whole.map((m) => [m, []]));
      for (const { month, ...row } of months) byMonth.get(month)!.push(...numeric<Row>([row]));
      let next = 0;
      return pieces.map((p) => (p.whole ? byMonth.get(p.month)! : numeric<Row>(partial[next++]!)));
    },
  );
  const merged = new Map<string, Row>();
  for (const row of rows) {
    const key = flagsKey(row);
    const acc = merged.get(key);
    if (!acc) merged.set(key, { ...row });
    else {
      acc.lines += row.lines;
      for (const c of MONEY_COLUMNS) acc[c] += row[c];
    }
  }
  return [...merged.values()];
}

/** Day totals per flags, from the small day rollup (one row per day and flag combination). */
export async function sumsByDay(
  db: Kysely<StoreDatabase>,
  shopId: string,
  from: Day,
  to: Day,
): Promise<(FlaggedSums & { local_day: string; orders: number })[]> {
  const rows = await db
    .selectFrom('st_order_daily')
    .select(['local_day', 'cancelled', 'sample', 'estimated', 'orders', 'lines', ...MONEY_COLUMNS])
    .where('shop_id', '=', shopId)
    .where('local_day', '>=', from)
    .where('local_day', '<=', to)
    .execute();
  return numeric(rows);
}

/** The stored refund days with a statement date in [startDate, endDate] (Unix seconds), as the upstream lists them. */
export async function storedRefundDays(
  db: Kysely<StoreDatabase>,
  shopId: string,
  startDate: number,
  endDate: number,
): Promise<RefundDay[]> {
  const rows = await db
    .selectFrom('st_refund_day')
    .select(['date', 'value', 'details'])
    .where('shop_id', '=', shopId)
    .where('date', '>=', startDate)
    .where('date', '<=', endDate)
    .orderBy('date')
    .execute();
  // Details were stored as the upstream sent them (numbers in major units); value as cents.
  return rows.map((r) => ({ date: Number(r.date), value: Number(r.value) / 100, details: JSON.parse(r.details) }));
}

/**
 * Refunds per shop-local day in cents, counting `parts` of each day's breakdown (every part when
 * left out: the stored value; lib/profit/refunds).
 */
export async function refundsByDay(
  db: Kysely<StoreDatabase>,
  shopId: string,
  from: Day,
  to: Day,
  parts?: readonly RefundPart[],
): Promise<{ local_day: string; value: number }[]> {
  const inRange = db
    .selectFrom('st_refund_day')
    .where('shop_id', '=', shopId)
    .where('local_day', '>=', from)
    .where('local_day', '<=', to);
  if (!parts || allRefundParts(parts)) {
    const rows = await inRange
      .select(['local_day', sumOf('value')])
      .groupBy('local_day')
      .execute();
    return numeric(rows);
  }
  // Some parts only: summed from each day's stored breakdown (one row per statement day, a few hundred at most).
  const byDay = new Map<string, number>();
  for (const row of await inRange.select(['local_day', 'value', 'details']).execute()) {
    const day = { value: Number(row.value) / 100, details: JSON.parse(row.details) as RefundDetails };
    byDay.set(row.local_day, (byDay.get(row.local_day) ?? 0) + refundValueCents(day, parts));
  }
  return [...byDay].map(([local_day, value]) => ({ local_day, value }));
}

export interface SkuInfo {
  productId: string;
  productName: string;
  skuName: string;
  sellerSku: string;
  /** Catalog price in cents, when the catalog knows the SKU. */
  priceCents: number | null;
}

export async function skuInfo(db: Kysely<StoreDatabase>, shopId: string): Promise<Map<string, SkuInfo>> {
  const [names, catalog] = await Promise.all([
    db.selectFrom('st_sku_name').selectAll().where('shop_id', '=', shopId).execute(),
    db.selectFrom('st_catalog_sku').selectAll().where('shop_id', '=', shopId).execute(),
  ]);
  const out = new Map<string, SkuInfo>();
  for (const c of catalog) {
    out.set(c.sku_id, {
      productId: c.product_id,
      productName: c.product_name,
      skuName: '',
      sellerSku: c.seller_sku,
      priceCents: Number(c.price_cents),
    });
  }
  for (const n of names) {
    const price = out.get(n.sku_id)?.priceCents ?? null;
    out.set(n.sku_id, {
      productId: n.product_id,
      productName: n.product_name,
      skuName: n.sku_name,
      sellerSku: n.seller_sku,
      priceCents: price,
    });
  }
  return out;
}

/**
 * What re-costs orders' lines with the seller's costs (lib/costs/order-cogs): the dated COGS
 * entries, the charged kinds' rates and the catalog's prices; null when the seller has set neither.
 */
export async function orderCogsData(
  db: Kysely<StoreDatabase>,
  shopId: string,
  entries: CogsEntry[],
  charges: KindRates[],
): Promise<OrderCogsData | null> {
  if (entries.length === 0 && charges.length === 0) return null;
  const prices: Record<string, number> = {};
  for (const [sku, i] of await skuInfo(db, shopId)) if (i.priceCents) prices[sku] = i.priceCents;
  return { entries, prices, charges };
}

/** When the most recent sync of any day of the shop finished (ms), or null. */
export async function lastSyncedAt(db: Kysely<StoreDatabase>, shopId: string): Promise<number | null> {
  const row = await db
    .selectFrom('st_coverage')
    .select(sql<number | null>`max(synced_at)`.as('last'))
    .where('shop_id', '=', shopId)
    .executeTakeFirst();
  return row?.last == null ? null : Number(row.last);
}

/**
 * One day's sums of the orders created up to `until` (Unix seconds), per (SKU, flags), with the
 * orders counted per SKU row's order. Read from the lines (not the rollups, which are whole days):
 * a partly elapsed day is compared with the same hours of the day it is compared with.
 */
export async function sumsOfDayUntil(
  db: Kysely<StoreDatabase>,
  shopId: string,
  day: Day,
  until: number,
): Promise<{ skus: (FlaggedSums & { sku_id: string })[]; orders: (LineFlags & { orders: number })[] }> {
  const earliest = earliestStartOf(day);
  const [lines, orders] = await Promise.all([
    db
      .selectFrom('st_order as o')
      .innerJoin('st_line as l', (j) => j.onRef('l.shop_id', '=', 'o.shop_id').onRef('l.order_id', '=', 'o.order_id'))
      .select([
        'l.sku_id as sku_id',
        'l.cancelled as cancelled',
        'l.sample as sample',
        'l.estimated as estimated',
        sql<number>`count(*)`.as('lines'),
        ...MONEY_COLUMNS.map((c) => sql<number>`cast(sum(${sql.ref(`l.${c}`)}) as bigint)`.as(c)),
      ])
      .where('o.shop_id', '=', shopId)
      .where('o.create_time', '>=', earliest)
      .where('o.create_time', '<=', until)
      .where('o.local_day', '=', day)
      .groupBy(['l.sku_id', 'l.cancelled', 'l.sample', 'l.estimated'])
      .execute(),
    db
      .selectFrom('st_order')
      .select(['cancelled', 'sample', 'estimated', sql<number>`count(*)`.as('orders')])
      .where('shop_id', '=', shopId)
      .where('create_time', '>=', earliest)
      .where('create_time', '<=', until)
      .where('local_day', '=', day)
      .groupBy(['cancelled', 'sample', 'estimated'])
      .execute(),
  ]);
  return { skus: numeric(lines), orders: numeric(orders) };
}
