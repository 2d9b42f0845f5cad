import { sql, type Kysely } from 'kysely';
import type { Day } from './days';
import { splitByMonths } from './month-split';
import { MAX_GROSS_CENTS } from '@/lib/costs/cogs';
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

/** Lines of one SKU, day and flags that have the same gross sales: re-costed alike (lib/costs/cogs). */
export type LineGroup = LineFlags & { sku_id: string; local_day: string; gross_sales: number; cost_of_goods: number; lines: number };

const TEXT_KEYS = new Set(['sku_id', 'local_day']);

/** A SKU's unit cost over [fromDay, toDay] and its catalog price (cents), as lib/costs/cogs applies them. */
export interface CogsSegment {
  skuId: string;
  fromDay: Day;
  toDay: Day;
  unitCostCents: number;
  priceCents: number;
}


/**
 * The change the seller's dated COGS make to the lines of [from, to], summed in the database per
 * (SKU, flags) or per (day, flags): each line re-costed as −⌊(2·gross·unit + price) / (2·price)⌋
 * (round half up, integer arithmetic on both dialects, exactly lib/costs/cogs recostedCogs) minus
 * its service cost of goods, and how many lines were re-costed.
 *
 * Lines with the same gross sales are re-costed alike, so the sums read the gross rollups (lines
 * grouped by SKU, day or month, flags and gross), not the lines: per SKU, a segment's whole months
 * come from the monthly groups and its other days from the daily ones. `until` (the comparison's
 * cut day, only orders created up to then) reads that one day's lines.
 */
export async function recostSums(
  db: Kysely<StoreDatabase>,
  shopId: string,
  segments: readonly CogsSegment[],
  from: Day,
  to: Day,
  by: 'sku' | 'day',
  until?: number,
): Promise<RecostRow[]> {
  const clipped = segments
    .map((g) => ({ ...g, fromDay: g.fromDay > from ? g.fromDay : from, toDay: g.toDay < to ? g.toDay : to }))
    .filter((g) => g.fromDay <= g.toDay);
  if (clipped.length === 0) return [];
  if (until !== undefined) {
    // A cut applies to one day (lib/reports/period): from and to are that day.
    if (from !== to) throw new RangeError('recostSums: a cut-off (until) applies to one day');
    return recostLinesUntil(db, shopId, clipped, by, from, until);
  }
  if (by === 'day') return recostGroups(db, shopId, clipped, 'st_sku_gross_daily', 'day');
  const days: CogsSegment[] = [];
  const months: CogsSegment[] = [];
  for (const g of clipped) {
    const split = splitByMonths({ from: g.fromDay, to: g.toDay });
    for (const d of split.days) days.push({ ...g, fromDay: d.from, toDay: d.to });
    if (split.months) months.push({ ...g, fromDay: split.months.from, toDay: split.months.to });
  }
  const parts = await Promise.all([
    days.length > 0 ? recostGroups(db, shopId, days, 'st_sku_gross_daily', 'sku') : [],
    months.length > 0 ? recostGroups(db, shopId, months, 'st_sku_gross_monthly', 'sku') : [],
  ]);
  return parts.flat();
}

type RecostRow = LineFlags & { key: string; delta: number; recosted: number };

const recostValues = (segments: readonly CogsSegment[]) =>
  sql.join(segments.map((g) => sql`(${g.skuId}, ${g.fromDay}, ${g.toDay}, cast(${g.unitCostCents} as bigint), cast(${g.priceCents} as bigint))`));

function recostRows(rows: readonly { key: string; cancelled: number; sample: number; estimated: number; delta: number; recosted: number }[]): RecostRow[] {
  return rows.map((r) => ({ key: String(r.key), cancelled: Number(r.cancelled), sample: Number(r.sample), estimated: Number(r.estimated),
    delta: Number(r.delta), recosted: Number(r.recosted) }));
}

/** Re-costing over a gross rollup; segments' days are months (`YYYY-MM`) for the monthly one. */
async function recostGroups(
  db: Kysely<StoreDatabase>,
  shopId: string,
  segments: readonly CogsSegment[],
  table: 'st_sku_gross_daily' | 'st_sku_gross_monthly',
  by: 'sku' | 'day',
): Promise<RecostRow[]> {
  const period = sql.ref(table === 'st_sku_gross_daily' ? 'g.local_day' : 'g.month');
  const key = by === 'sku' ? sql.ref('g.sku_id') : sql.ref('g.local_day');
  // Segments drive the loop (SQLite keeps a CROSS JOIN's order): each one is a range of the
  // rollup's (shop, SKU, day or month, …) key, not a scan of every group against every segment.
  const result = await sql<{ key: string; cancelled: number; sample: number; estimated: number; delta: number; recosted: number }>`
    WITH seg (sku_id, from_day, to_day, unit, price) AS (VALUES ${recostValues(segments)})
    SELECT ${key} AS key, g.cancelled AS cancelled, g.sample AS sample, g.estimated AS estimated,
      cast(sum(g.lines * -((2 * g.gross_sales * seg.unit + seg.price) / (2 * seg.price)) - g.cost_of_goods) as bigint) AS delta,
      cast(sum(g.lines) as bigint) AS recosted
    FROM seg CROSS JOIN ${sql.table(table)} g
    WHERE g.shop_id = ${shopId} AND g.sku_id = seg.sku_id AND ${period} >= seg.from_day AND ${period} <= seg.to_day
      AND g.gross_sales > 0 AND g.gross_sales <= ${MAX_GROSS_CENTS}
    GROUP BY ${key}, g.cancelled, g.sample, g.estimated`.execute(db);
  return recostRows(result.rows);
}

/**
 * Re-costing of the lines of orders created on `day` up to `until` (the comparison's cut day), from
 * the lines themselves: the day's orders by creation time, then their lines.
 */
async function recostLinesUntil(db: Kysely<StoreDatabase>, shopId: string, segments: readonly CogsSegment[], by: 'sku' | 'day', day: Day, until: number): Promise<RecostRow[]> {
  const key = by === 'sku' ? sql.ref('l.sku_id') : sql.ref('l.local_day');
  const result = await sql<{ key: string; cancelled: number; sample: number; estimated: number; delta: number; recosted: number }>`
    WITH seg (sku_id, from_day, to_day, unit, price) AS (VALUES ${recostValues(segments)})
    SELECT ${key} AS key, l.cancelled AS cancelled, l.sample AS sample, l.estimated AS estimated,
      cast(sum(-((2 * l.gross_sales * seg.unit + seg.price) / (2 * seg.price)) - l.cost_of_goods) as bigint) AS delta,
      count(*) AS recosted
    FROM st_order o
    JOIN st_line l ON l.shop_id = o.shop_id AND l.order_id = o.order_id
    JOIN seg ON seg.sku_id = l.sku_id AND l.local_day >= seg.from_day AND l.local_day <= seg.to_day
    WHERE o.shop_id = ${shopId} AND o.create_time >= ${earliestCreateTime(day)} AND o.create_time <= ${until} AND o.local_day = ${day}
      AND l.gross_sales > 0 AND l.gross_sales <= ${MAX_GROSS_CENTS}
    GROUP BY ${key}, l.cancelled, l.sample, l.estimated`.execute(db);
  return recostRows(result.rows);
}

/**
 * The earliest creation time (Unix seconds) an order of local `day` can have in any time zone: the
 * day's start at UTC+14. A lower bound for the (shop, create_time) index, so a cut day's reads
 * cost that day's orders, not every order before it.
 */
function earliestCreateTime(day: Day): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000 - 14 * 3600;
}

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
export async function sumsBySku(db: Kysely<StoreDatabase>, shopId: string, from: Day, to: Day): Promise<(FlaggedSums & { sku_id: string })[]> {
  const split = splitByMonths({ from, to });
  const select = ['sku_id', 'cancelled', 'sample', 'estimated', sumOf('lines'), ...MONEY_COLUMNS.map(sumOf)] as const;
  const parts = await Promise.all([
    ...split.days.map((r) =>
      db
        .selectFrom('st_sku_daily')
        .select(select)
        .where('shop_id', '=', shopId)
        .where('local_day', '>=', r.from)
        .where('local_day', '<=', r.to)
        .groupBy(['sku_id', 'cancelled', 'sample', 'estimated'])
        .execute(),
    ),
    ...(split.months
      ? [
          db
            .selectFrom('st_sku_monthly')
            .select(select)
            .where('shop_id', '=', shopId)
            .where('month', '>=', split.months.from)
            .where('month', '<=', split.months.to)
            .groupBy(['sku_id', 'cancelled', 'sample', 'estimated'])
            .execute(),
        ]
      : []),
  ]);
  const merged = new Map<string, FlaggedSums & { sku_id: string }>();
  for (const row of parts.flatMap((rows) => numeric<FlaggedSums & { sku_id: string }>(rows))) {
    const key = flagsKey(row);
    const acc = merged.get(key);
    if (!acc) merged.set(key, row);
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

export async function refundsByDay(db: Kysely<StoreDatabase>, shopId: string, from: Day, to: Day): Promise<{ local_day: string; value: number }[]> {
  const rows = await db
    .selectFrom('st_refund_day')
    .select(['local_day', sumOf('value')])
    .where('shop_id', '=', shopId)
    .where('local_day', '>=', from)
    .where('local_day', '<=', to)
    .groupBy('local_day')
    .execute();
  return numeric(rows);
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
    out.set(c.sku_id, { productId: c.product_id, productName: c.product_name, skuName: '', sellerSku: c.seller_sku, priceCents: Number(c.price_cents) });
  }
  for (const n of names) {
    const price = out.get(n.sku_id)?.priceCents ?? null;
    out.set(n.sku_id, { productId: n.product_id, productName: n.product_name, skuName: n.sku_name, sellerSku: n.seller_sku, priceCents: price });
  }
  return out;
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
  const earliest = earliestCreateTime(day);
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
