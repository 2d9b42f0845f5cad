import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { chunks } from '@/lib/db/chunks';
import { MAX_GROSS_CENTS } from '@/lib/costs/cogs';
import { earliestStartOf, type Day } from './days';
import { lastDayOfMonth, sumsByMonth } from './month-cache';
import type { LineFlags, StoreDatabase } from './schema';

// Re-costing from the seller's dated COGS, in the database: the change to cost of goods of the
// stored lines, read from the gross rollups (lines grouped by SKU, day or month, flags and gross
// sales; lib/store/write keeps them), exactly as lib/costs/cogs re-costs one line.

/**
 * A SKU's unit cost over [fromDay, toDay] and its catalog price (cents), as lib/costs/cogs applies
 * them; `perLineCents` (a charge per order, default 0, paid by the order's first counted line)
 * serves the cost kinds charged per order.
 */
export interface CogsSegment {
  skuId: string;
  fromDay: Day;
  toDay: Day;
  unitCostCents: number;
  priceCents: number;
  perLineCents?: number;
}

/**
 * The change the seller's dated COGS make to the lines of [from, to], summed in the database per
 * (SKU, flags) or per (day, flags): each line re-costed as −⌊(2·gross·unit + price) / (2·price)⌋
 * (round half up, integer arithmetic on both dialects, exactly lib/costs/cogs recostedCogs) minus
 * its service cost of goods, and how many lines were re-costed. `charge` is the same lines' charge
 * alone, ≥ 0: per line ⌊(2·gross·unit + price) / (2·price)⌋, plus perLine on each order's first
 * counted line (st_line.first_line): what a cost kind charged per unit or per order of its SKUs
 * adds, lib/costs/charges; an order pays a per-order charge once.
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
  const clipped = clip(segments, from, to);
  if (clipped.length === 0) return [];
  if (until !== undefined) {
    // A cut applies to one day (lib/reports/period): from and to are that day.
    if (from !== to) throw new RangeError('recostSums: a cut-off (until) applies to one day');
    return recostLinesUntil(db, shopId, clipped, by, from, until);
  }
  // Month by month, each month kept until its lines change (lib/store/month-cache): a long range
  // re-reads only the months that changed since (today's, usually); a COGS edit (new segments)
  // reads afresh. A SKU's whole month within a segment comes from the monthly groups (by SKU only),
  // its other days from the daily ones; one read per rollup for every month not kept (in chunks the
  // drivers' parameter limits allow), its rows carrying their month's index.
  const inPieces = new Map<string, CogsSegment[]>();
  return sumsByMonth(
    db,
    shopId,
    from,
    to,
    (piece) => {
      const inPiece = clip(clipped, piece.from, piece.to);
      inPieces.set(piece.month, inPiece);
      return inPiece.length === 0 ? null : `recost\u0000${by}\u0000${digest(inPiece)}`;
    },
    async (pieces) => {
      const daily: PieceSegment[] = [];
      const monthly: PieceSegment[] = [];
      pieces.forEach((p, piece) => {
        for (const g of inPieces.get(p.month)!) {
          const wholeMonth = by === 'sku' && g.fromDay === `${p.month}-01` && g.toDay === lastDayOfMonth(p.month);
          if (wholeMonth) monthly.push({ ...g, fromDay: p.month, toDay: p.month, piece });
          else daily.push({ ...g, piece });
        }
      });
      const parts = await Promise.all([
        ...chunks(daily, SEGMENTS_PER_READ).map((c) => recostGroups(db, shopId, c, 'st_sku_gross_daily', by)),
        ...chunks(monthly, SEGMENTS_PER_READ).map((c) => recostGroups(db, shopId, c, 'st_sku_gross_monthly', by)),
      ]);
      const byPiece = pieces.map((): RecostRow[] => []);
      for (const { piece, ...row } of parts.flat()) byPiece[piece]!.push(row);
      return byPiece;
    },
  );
}

/** Segments per read: 7 parameters each, within SQLite's 32,766 and PostgreSQL's 65,535. */
const SEGMENTS_PER_READ = 2_000;

type PieceSegment = CogsSegment & { piece: number };

const clip = (segments: readonly CogsSegment[], from: Day, to: Day) =>
  segments
    .map((g) => ({ ...g, fromDay: g.fromDay > from ? g.fromDay : from, toDay: g.toDay < to ? g.toDay : to }))
    .filter((g) => g.fromDay <= g.toDay);

const digest = (segments: readonly CogsSegment[]) =>
  createHash('sha256')
    .update(
      segments
        .map(
          (g) =>
            `${g.skuId}\u0000${g.fromDay}\u0000${g.toDay}\u0000${g.unitCostCents}\u0000${g.priceCents}\u0000${g.perLineCents ?? 0}`,
        )
        .join('\u0001'),
    )
    .digest('base64url');

/** One group's re-costing: the change to cost of goods and how many lines it re-costed. */
export type RecostRow = LineFlags & { key: string; delta: number; recosted: number; charge: number };

const recostValues = (segments: readonly (CogsSegment & { piece?: number })[]) =>
  sql.join(
    segments.map(
      (g) =>
        sql`(${g.skuId}, ${g.fromDay}, ${g.toDay}, cast(${g.unitCostCents} as bigint), cast(${g.priceCents} as bigint), cast(${g.piece ?? 0} as integer), cast(${g.perLineCents ?? 0} as bigint))`,
    ),
  );

interface RecostSqlRow {
  key: string;
  cancelled: number;
  sample: number;
  estimated: number;
  delta: number;
  recosted: number;
  charge: number;
}

/** A row as read (drivers return bigint sums as strings or numbers). */
const recostRow = (r: RecostSqlRow): RecostRow => ({
  key: String(r.key),
  cancelled: Number(r.cancelled),
  sample: Number(r.sample),
  estimated: Number(r.estimated),
  delta: Number(r.delta),
  recosted: Number(r.recosted),
  charge: Number(r.charge),
});

/** Re-costing over a gross rollup; segments' days are months (`YYYY-MM`) for the monthly one. */
async function recostGroups(
  db: Kysely<StoreDatabase>,
  shopId: string,
  segments: readonly PieceSegment[],
  table: 'st_sku_gross_daily' | 'st_sku_gross_monthly',
  by: 'sku' | 'day',
): Promise<(RecostRow & { piece: number })[]> {
  const period = sql.ref(table === 'st_sku_gross_daily' ? 'g.local_day' : 'g.month');
  const key = by === 'sku' ? sql.ref('g.sku_id') : sql.ref('g.local_day');
  // Segments drive the loop (SQLite keeps a CROSS JOIN's order): each one is a range of the
  // rollup's (shop, SKU, day or month, …) key, not a scan of every group against every segment.
  const result = await sql<RecostSqlRow & { piece: number }>`
    WITH seg (sku_id, from_day, to_day, unit, price, piece, per_line) AS (VALUES ${recostValues(segments)})
    SELECT seg.piece AS piece, ${key} AS key, g.cancelled AS cancelled, g.sample AS sample, g.estimated AS estimated,
      cast(sum(g.lines * -((2 * g.gross_sales * seg.unit + seg.price) / (2 * seg.price)) - g.cost_of_goods) as bigint) AS delta,
      cast(sum(g.lines) as bigint) AS recosted,
      cast(sum(g.lines * ((2 * g.gross_sales * seg.unit + seg.price) / (2 * seg.price)) + g.first_lines * seg.per_line) as bigint) AS charge
    FROM seg CROSS JOIN ${sql.table(table)} g
    WHERE g.shop_id = ${shopId} AND g.sku_id = seg.sku_id AND ${period} >= seg.from_day AND ${period} <= seg.to_day
      AND g.gross_sales > 0 AND g.gross_sales <= ${MAX_GROSS_CENTS}
    GROUP BY seg.piece, ${key}, g.cancelled, g.sample, g.estimated`.execute(db);
  return result.rows.map((r) => ({ ...recostRow(r), piece: Number(r.piece) }));
}

/**
 * Re-costing of the lines of orders created on `day` up to `until` (the comparison's cut day), from
 * the lines themselves: the day's orders by creation time, then their lines.
 */
async function recostLinesUntil(
  db: Kysely<StoreDatabase>,
  shopId: string,
  segments: readonly CogsSegment[],
  by: 'sku' | 'day',
  day: Day,
  until: number,
): Promise<RecostRow[]> {
  const key = by === 'sku' ? sql.ref('l.sku_id') : sql.ref('l.local_day');
  const result = await sql<RecostSqlRow>`
    WITH seg (sku_id, from_day, to_day, unit, price, piece, per_line) AS (VALUES ${recostValues(segments)})
    SELECT ${key} AS key, l.cancelled AS cancelled, l.sample AS sample, l.estimated AS estimated,
      cast(sum(-((2 * l.gross_sales * seg.unit + seg.price) / (2 * seg.price)) - l.cost_of_goods) as bigint) AS delta,
      count(*) AS recosted,
      cast(sum((2 * l.gross_sales * seg.unit + seg.price) / (2 * seg.price) + l.first_line * seg.per_line) as bigint) AS charge
    FROM st_order o
    JOIN st_line l ON l.shop_id = o.shop_id AND l.order_id = o.order_id
    JOIN seg ON seg.sku_id = l.sku_id AND l.local_day >= seg.from_day AND l.local_day <= seg.to_day
    WHERE o.shop_id = ${shopId} AND o.create_time >= ${earliestStartOf(day)} AND o.create_time <= ${until} AND o.local_day = ${day}
      AND l.gross_sales > 0 AND l.gross_sales <= ${MAX_GROSS_CENTS}
    GROUP BY ${key}, l.cancelled, l.sample, l.estimated`.execute(db);
  return result.rows.map(recostRow);
}

/**
 * The re-costing of each order's lines of [from, to] (shop-local days), by order and flags: the
 * same formula as recostSums, read from the lines (a month's itemised figures, lib/reports/month-close).
 */
export async function recostByOrder(
  db: Kysely<StoreDatabase>,
  shopId: string,
  segments: readonly CogsSegment[],
  from: Day,
  to: Day,
): Promise<RecostRow[]> {
  const clipped = clip(segments, from, to);
  const out: RecostRow[] = [];
  for (const chunk of chunks(clipped, SEGMENTS_PER_READ)) {
    const result = await sql<RecostSqlRow>`
      WITH seg (sku_id, from_day, to_day, unit, price, piece, per_line) AS (VALUES ${recostValues(chunk)})
      SELECT l.order_id AS key, l.cancelled AS cancelled, l.sample AS sample, l.estimated AS estimated,
        cast(sum(-((2 * l.gross_sales * seg.unit + seg.price) / (2 * seg.price)) - l.cost_of_goods) as bigint) AS delta,
        count(*) AS recosted,
        cast(sum((2 * l.gross_sales * seg.unit + seg.price) / (2 * seg.price) + l.first_line * seg.per_line) as bigint) AS charge
      FROM seg JOIN st_line l ON l.shop_id = ${shopId} AND l.sku_id = seg.sku_id
        AND l.local_day >= seg.from_day AND l.local_day <= seg.to_day
      WHERE l.gross_sales > 0 AND l.gross_sales <= ${MAX_GROSS_CENTS}
      GROUP BY l.order_id, l.cancelled, l.sample, l.estimated`.execute(db);
    out.push(...result.rows.map(recostRow));
  }
  return out;
}
