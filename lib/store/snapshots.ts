import type { Kysely, Transaction } from 'kysely';
import { chunks } from '@/lib/db/chunks';
import { DEFAULT_SWITCHES, type ProfitSwitches } from '@/lib/profit';
import { earliestStartOf, type Day } from './days';
import { MONEY_COLUMNS, type LineTable, type MoneyColumns, type OrderTable, type StoreDatabase } from './schema';

// Settlement snapshots (st_settle_snapshot): an order's lines as first seen open (UNSETTLED or
// DRAFT: 'estimate') and as seen settled after that ('settled'). The rules:
// - the estimate is the first open version the store saw; later open versions do not replace it;
// - a settled snapshot is only taken when an estimate exists: an order first seen settled has no
//   observed drift (its estimate was never seen);
// - an order that goes back from settled to open keeps both snapshots; when it is seen settled
//   again, the newer settled figures replace the older ones (the latest settlement is the final one);
// - an order that disappears upstream (removed from st_order) keeps its snapshots: drift is about
//   what was observed;
// - a store upgraded from v12 has none: drift is observed from the next sync on (snapshotsSince).

type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;
type SettleSnapshotTable = StoreDatabase['st_settle_snapshot'];

const CHUNK = 400;
const OPEN_TYPES = new Set(['UNSETTLED', 'DRAFT']);

function snapshotRows(lines: readonly LineTable[], state: 'estimate' | 'settled', seenAt: number) {
  return lines.map((l): SettleSnapshotTable => ({
    shop_id: l.shop_id,
    order_id: l.order_id,
    state,
    line_index: l.line_index,
    sku_id: l.sku_id,
    local_day: l.local_day,
    cancelled: l.cancelled,
    sample: l.sample,
    seen_at: seenAt,
    ...(Object.fromEntries(MONEY_COLUMNS.map((c) => [c, l[c]])) as MoneyColumns),
  }));
}

/**
 * Takes the snapshots due for orders about to be written (lib/store/write writeOrders, in its
 * transaction, before the stored orders are replaced: a settled snapshot is retaken only for an
 * order stored as open until now). Existence is checked per chunk of orders, on line 0 of each
 * snapshot (a snapshot always holds every line of its order from 0). Returns the months of the
 * snapshots it took or replaced: their versions move (lib/store/month-cache).
 */
export async function captureSnapshots(
  trx: Db,
  shopId: string,
  orders: readonly Pick<OrderTable, 'order_id' | 'order_type'>[],
  lines: readonly LineTable[],
  seenAt: number,
): Promise<Set<string>> {
  const linesOf = new Map<string, LineTable[]>();
  for (const l of lines) {
    const list = linesOf.get(l.order_id);
    if (list) list.push(l);
    else linesOf.set(l.order_id, [l]);
  }
  const estimates: LineTable[] = [];
  const settled: LineTable[] = [];
  const resettled: string[] = [];
  for (const batch of chunks(
    orders.filter((o) => linesOf.has(o.order_id)),
    CHUNK,
  )) {
    const have = await trx
      .selectFrom('st_settle_snapshot')
      .select(['order_id', 'state'])
      .where('shop_id', '=', shopId)
      .where(
        'order_id',
        'in',
        batch.map((o) => o.order_id),
      )
      .where('line_index', '=', 0)
      .execute();
    const states = new Set(have.map((r) => `${r.state}\u0000${r.order_id}`));
    const again: string[] = [];
    for (const o of batch) {
      const hasEstimate = states.has(`estimate\u0000${o.order_id}`);
      if (OPEN_TYPES.has(o.order_type)) {
        if (!hasEstimate) estimates.push(...linesOf.get(o.order_id)!);
      } else if (o.order_type === 'SETTLED' && hasEstimate) {
        if (!states.has(`settled\u0000${o.order_id}`)) settled.push(...linesOf.get(o.order_id)!);
        else again.push(o.order_id);
      }
    }
    if (again.length === 0) continue;
    // Settled before and settled now: new figures only when it went back to open in between.
    const reverted = await trx
      .selectFrom('st_order')
      .select('order_id')
      .where('shop_id', '=', shopId)
      .where('order_id', 'in', again)
      .where('order_type', 'in', [...OPEN_TYPES])
      .execute();
    for (const r of reverted) {
      resettled.push(r.order_id);
      settled.push(...linesOf.get(r.order_id)!);
    }
  }
  for (const ids of chunks(resettled, CHUNK)) {
    await trx
      .deleteFrom('st_settle_snapshot')
      .where('shop_id', '=', shopId)
      .where('order_id', 'in', ids)
      .where('state', '=', 'settled')
      .execute();
  }
  const rows = [...snapshotRows(estimates, 'estimate', seenAt), ...snapshotRows(settled, 'settled', seenAt)];
  for (const batch of chunks(rows, 200)) await trx.insertInto('st_settle_snapshot').values(batch).execute();
  return new Set(rows.map((r) => r.local_day.slice(0, 7)));
}

/** The earliest snapshot of the shop (ms), or null: drift is observed from then on. */
export async function snapshotsSince(db: Db, shopId: string): Promise<number | null> {
  const row = await db
    .selectFrom('st_settle_snapshot')
    .select((eb) => eb.fn.min('seen_at').as('since'))
    .where('shop_id', '=', shopId)
    .executeTakeFirst();
  return row?.since == null ? null : Number(row.since);
}

/** One line of an order seen in both states; a line present in one state only has zeros in the other. */
export interface SettleLinePair {
  lineIndex: number;
  skuId: string;
  estimate: MoneyColumns;
  settled: MoneyColumns;
}

export interface SettleOrderPair {
  orderId: string;
  localDay: Day;
  estimateSeenAt: number;
  settledSeenAt: number;
  lines: SettleLinePair[];
}

const zeroMoney = (): MoneyColumns => Object.fromEntries(MONEY_COLUMNS.map((c) => [c, 0])) as MoneyColumns;
const moneyOf = (row: { [K in keyof MoneyColumns]: unknown }): MoneyColumns =>
  Object.fromEntries(MONEY_COLUMNS.map((c) => [c, Number(row[c])])) as MoneyColumns;

/**
 * The orders created on [from, to] (shop-local days) seen in both states, their lines paired by
 * index. Under the switches, an order cancelled or a sample in either state is left out (as the
 * reports leave such orders out of the SKUs' figures).
 */
export async function readSettlePairs(
  db: Db,
  shopId: string,
  from: Day,
  to: Day,
  switches: ProfitSwitches = DEFAULT_SWITCHES,
): Promise<SettleOrderPair[]> {
  const rows = await db
    .selectFrom('st_settle_snapshot')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('local_day', '>=', from)
    .where('local_day', '<=', to)
    .orderBy('order_id')
    .orderBy('line_index')
    .execute();
  const byOrder = new Map<string, SettleSnapshotTable[]>();
  for (const r of rows) {
    const list = byOrder.get(r.order_id);
    if (list) list.push(r);
    else byOrder.set(r.order_id, [r]);
  }
  const pairs: SettleOrderPair[] = [];
  for (const [orderId, list] of byOrder) {
    const estimate = list.filter((r) => r.state === 'estimate');
    const settled = list.filter((r) => r.state === 'settled');
    if (estimate.length === 0 || settled.length === 0) continue;
    if (!switches.includeCancelled && list.some((r) => Number(r.cancelled) === 1)) continue;
    if (!switches.includeSamples && list.some((r) => Number(r.sample) === 1)) continue;
    const indexes = [...new Set(list.map((r) => Number(r.line_index)))].sort((a, b) => a - b);
    pairs.push({
      orderId,
      localDay: settled[0]!.local_day,
      estimateSeenAt: Number(estimate[0]!.seen_at),
      settledSeenAt: Number(settled[0]!.seen_at),
      lines: indexes.map((i) => {
        const e = estimate.find((r) => Number(r.line_index) === i);
        const s = settled.find((r) => Number(r.line_index) === i);
        return {
          lineIndex: i,
          skuId: (s ?? e)!.sku_id,
          estimate: e ? moneyOf(e) : zeroMoney(),
          settled: s ? moneyOf(s) : zeroMoney(),
        };
      }),
    });
  }
  return pairs;
}

/** A stored line (st_line) as the drift estimates read it. */
export interface StoredLine extends MoneyColumns {
  orderId: string;
  lineIndex: number;
  skuId: string;
  localDay: Day;
  /** Unsettled or draft: its fees are estimates. */
  estimated: boolean;
}

/**
 * The stored lines of orders created on [from, to], counted under the switches (cancelled and
 * sample orders left out by default); `openOnly`: the unsettled and draft orders' lines alone.
 */
export async function readStoredLines(
  db: Db,
  shopId: string,
  from: Day,
  to: Day,
  options: { openOnly?: boolean; switches?: ProfitSwitches } = {},
): Promise<StoredLine[]> {
  const switches = options.switches ?? DEFAULT_SWITCHES;
  // By the orders' creation time (st_order_time, or st_order_type_time for open orders): lines
  // have no index by day. A day's orders lie between its start at UTC+14 and its end at UTC−12.
  const rows = await db
    .selectFrom('st_order as o')
    .innerJoin('st_line as l', (j) => j.onRef('l.shop_id', '=', 'o.shop_id').onRef('l.order_id', '=', 'o.order_id'))
    .select([
      'l.order_id',
      'l.line_index',
      'l.sku_id',
      'l.local_day',
      'l.estimated',
      ...MONEY_COLUMNS.map((c) => `l.${c}` as const),
    ])
    .where('o.shop_id', '=', shopId)
    .$if(options.openOnly === true, (qb) => qb.where('o.order_type', 'in', [...OPEN_TYPES]))
    .where('o.create_time', '>=', earliestStartOf(from))
    .where('o.create_time', '<', Date.parse(`${to}T00:00:00Z`) / 1000 + 36 * 3600)
    .where('o.local_day', '>=', from)
    .where('o.local_day', '<=', to)
    .$if(!switches.includeCancelled, (qb) => qb.where('l.cancelled', '=', 0))
    .$if(!switches.includeSamples, (qb) => qb.where('l.sample', '=', 0))
    .orderBy('l.order_id')
    .orderBy('l.line_index')
    .execute();
  return rows.map((r) => ({
    orderId: r.order_id,
    lineIndex: Number(r.line_index),
    skuId: r.sku_id,
    localDay: r.local_day,
    estimated: Number(r.estimated) === 1,
    ...moneyOf(r),
  }));
}
