import { cogsSegments } from '@/lib/costs/cogs';
import type { ShopCostInputs } from '@/lib/costs/kinds';
import type { CostsView } from '@/lib/costs/types';
import { formatDay, formatMonth } from '@/lib/format/time';
import { REFUND_LABELS } from '@/lib/format/refund-labels';
import type { ProfitSwitches } from '@/lib/profit';
import {
  readAdjustmentsFor,
  readCloseItems,
  readCloses,
  type BookedAdjustment,
  type BookItem,
  type MonthCloseRow,
} from '@/lib/store/books';
import { orderParts, orderSums } from '@/lib/store/order-items';
import { refundParts, ORDER_PART_GROUPS, type OrderPartGroup } from '@/lib/store/part-sums';
import { skuInfo } from '@/lib/store/reads';
import { recostByOrder, type RecostRow } from '@/lib/store/recost';
import { addDays } from '@/lib/time';
import { placeCosts } from './cost-lines';
import type { PeriodDeps, ShopZone } from './period';
import { monthColumns, type PnlColumn } from './pnl-by-month';
import type { PnlLineValue } from './pnl-lines';
import { cogsRuleOf } from './sku-report';
import { classOf } from './sums';

// Closing a month (docs/ARCHITECTURE.md#pl-by-month): the rules of the chain of closed months, a
// month's itemised figures (source × P&L line → cents, adding up to its statement line by line),
// and the adjustments to closed periods (what changed in a closed month since it closed, source by
// source), shown in the first open month. Pure but for the store reads of `monthItems`.

/** The switches and cost view a shop's books are closed under (the first close fixes it). */
export interface BooksBasis {
  switches: ProfitSwitches;
  costs: CostsView;
}

/** `2026-03` → `2026-04`. */
export function monthAfter(month: string): string {
  return addDays(`${month}-28`, 7).slice(0, 7);
}

/** `2026-03` → `2026-03-31`. */
export function lastDayOf(month: string): string {
  return addDays(`${monthAfter(month)}-01`, -1);
}

/** The books' chain: the closed months (contiguous, ascending) and the first open month (null: none closed). */
export function firstOpenMonth(closed: readonly string[]): string | null {
  const latest = closed.at(-1);
  return latest ? monthAfter(latest) : null;
}

/** Why `month` may not be closed now (a sentence), or null. `today` is the shop's. */
export function closeRefusal(month: string, closed: readonly string[], today: string, stored: boolean): string | null {
  if (closed.includes(month)) return `${formatMonth(month)} is already closed.`;
  if (lastDayOf(month) >= today)
    return `${formatMonth(month)} has not ended yet in the shop's time zone: a month can be closed from the day after its last day.`;
  const next = firstOpenMonth(closed);
  if (next !== null && month !== next)
    return `Closed months follow each other: the next month to close is ${formatMonth(next)}, not ${formatMonth(month)}.`;
  if (!stored)
    return `Not every day of ${formatMonth(month)} is stored yet: open the month's P&L and let the sync finish, then close it.`;
  return null;
}

/** Why `month` may not be reopened (a sentence), or null. */
export function reopenRefusal(month: string, closed: readonly string[]): string | null {
  const latest = closed.at(-1);
  if (!closed.includes(month)) return `${formatMonth(month)} is not closed.`;
  if (month !== latest)
    return `Only the latest closed month can be reopened: reopen ${formatMonth(latest!)} first, then the months before it.`;
  return null;
}

/**
 * A closed month's itemised figures under `basis`: for each order of the month (its lines' sales,
 * promos, cost of goods — re-costed by date from the seller's COGS when `inputs` are given —, each
 * part of its shipping, fees and affiliate commission and the group's unsplit rest, samples, the
 * kinds charged per unit or order line, the platform discount memo), each refund day (refunds and
 * their parts), and each day of the seller's whole-shop inputs (ad spend, expenses). Every line of
 * the month's statement but its totals is the sum of its items (a property test holds it).
 */
export async function monthItems(
  deps: PeriodDeps,
  shop: ShopZone,
  month: string,
  switches: ProfitSwitches,
  inputs: ShopCostInputs | null,
): Promise<BookItem[]> {
  const db = deps.store.db;
  const from = `${month}-01`;
  const to = lastDayOf(month);
  const info = await skuInfo(db, shop.id);
  const rule = cogsRuleOf(inputs, info);
  const [orders, parts, refunds, cogs, charges] = await Promise.all([
    orderSums(db, shop.id, from, to),
    orderParts(db, shop.id, from, to),
    refundParts(db, shop.id, from, to),
    rule && rule.schedule.size > 0
      ? recostByOrder(db, shop.id, cogsSegments(rule.schedule, rule.prices), from, to)
      : Promise.resolve([]),
    Promise.all(
      (rule?.charges ?? []).map(async (k) => ({
        id: k.id,
        rows: await recostByOrder(db, shop.id, k.segments, from, to),
      })),
    ),
  ]);
  const items = new Map<string, BookItem>();
  const add = (source: string, lineKey: string, cents: number) => {
    if (cents === 0) return;
    const key = `${source}\u0000${lineKey}`;
    const item = items.get(key);
    if (item) item.cents += cents;
    else items.set(key, { source, lineKey, cents });
  };
  const flagKey = (r: { key: string; cancelled: number; sample: number; estimated: number }) =>
    `${r.key}\u0000${r.cancelled}${r.sample}${r.estimated}`;
  const index = (rows: readonly RecostRow[]) => new Map(rows.map((r) => [flagKey(r), r]));
  const cogsOf = index(cogs);
  const chargesOf = charges.map((c) => ({ id: c.id, rows: index(c.rows) }));
  const countedOrders = new Set<string>();
  for (const o of orders) {
    const source = `order:${o.order_id}`;
    const cls = classOf(o, switches);
    const k = flagKey({ key: o.order_id, ...o });
    const delta = cogsOf.get(k)?.delta ?? 0;
    if (cls === 'sample') add(source, 'samples', o.net_profit + delta);
    if (cls !== 'counted') continue;
    countedOrders.add(o.order_id);
    add(source, 'sales.gross', o.gross_sales);
    add(source, 'promos.seller', o.promos);
    add(source, 'cogs', o.cost_of_goods + delta);
    const totals: Record<OrderPartGroup, number> = {
      shippingCost: o.shipping,
      platformFees: o.platform_fees,
      affiliateCommission: o.affiliate_commission,
    };
    // A group's total, and its unsplit rest starts from it (its parts are taken off below).
    for (const [group, key] of GROUP_KEYS) {
      add(source, key, totals[group]);
      add(source, `${key}.unsplit`, totals[group]);
    }
    for (const c of chargesOf) add(source, `yours.charged:${c.id}`, -(c.rows.get(k)?.charge ?? 0));
  }
  // An order's parts are counted once, whatever rows its lines were grouped into.
  for (const id of countedOrders) {
    const source = `order:${id}`;
    const p = parts.get(id) ?? {};
    add(source, 'promos.platform', p['gmvBreakdown.platformDiscount'] ?? 0);
    for (const [group, key] of GROUP_KEYS) {
      let split = 0;
      for (const part of ORDER_PART_GROUPS[group]) {
        const cents = p[`${group}.${part}`] ?? 0;
        split += cents;
        add(source, `${key}.${part}`, cents);
      }
      add(source, `${key}.unsplit`, -split);
    }
  }
  for (const [day, r] of refunds) {
    const source = `refund-day:${day}`;
    add(source, 'refunds', r.value);
    let split = 0;
    for (const part of Object.keys(REFUND_LABELS)) {
      const cents = r.parts[part] ?? 0;
      split += cents;
      add(source, `refunds.${part}`, cents);
    }
    add(source, 'refunds.unsplit', r.value - split);
  }
  if (inputs) {
    const placement = placeCosts({
      inputs,
      from,
      to,
      netSales: new Map(),
      productOf: new Map([...info].map(([sku, i]) => [sku, i.productId])),
      allocate: false,
    });
    for (const [day, cents] of placement.inSkusByDay) add(`adSpend:${day}`, 'yours.skuAdSpend', cents);
    for (const [day, cents] of placement.shopAdSpendByDay) add(`adSpend:${day}`, 'yours.shopAdSpend', cents);
    for (const [day, cents] of placement.expensesByDay) add(`expenses:${day}`, 'yours.expenses', cents);
  }
  return [...items.values()].filter((i) => i.cents !== 0).sort(byItem);
}

const GROUP_KEYS: readonly [OrderPartGroup, string][] = [
  ['shippingCost', 'shipping'],
  ['platformFees', 'fees'],
  ['affiliateCommission', 'affiliate'],
];

const byItem = (a: BookItem, b: BookItem) =>
  a.source < b.source ? -1 : a.source > b.source ? 1 : a.lineKey < b.lineKey ? -1 : a.lineKey > b.lineKey ? 1 : 0;

/** Σ items per line key. */
export function sumByLine(items: readonly BookItem[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const i of items) out.set(i.lineKey, (out.get(i.lineKey) ?? 0) + i.cents);
  return out;
}

/**
 * What changed in closed month `forMonth` since it closed, per source × line: its items now minus
 * its items at close and the adjustments already booked for it (nonzero only).
 */
export function pendingAdjustments(
  forMonth: string,
  now: readonly BookItem[],
  atClose: readonly BookItem[],
  booked: readonly BookedAdjustment[],
  bookedMonth: string,
): BookedAdjustment[] {
  const diff = new Map<string, BookItem>();
  const add = (i: BookItem, sign: number) => {
    const key = `${i.source}\u0000${i.lineKey}`;
    const d = diff.get(key);
    if (d) d.cents += sign * i.cents;
    else diff.set(key, { source: i.source, lineKey: i.lineKey, cents: sign * i.cents });
  };
  for (const i of now) add(i, 1);
  for (const i of atClose) add(i, -1);
  for (const i of booked) add(i, -1);
  return [...diff.values()]
    .filter((d) => d.cents !== 0)
    .sort(byItem)
    .map((d) => ({ ...d, forMonth, bookedMonth }));
}

export const ADJUSTMENTS_LABEL = 'Adjustments to closed periods';
export const ADJUSTED_BOTTOM_LINE_LABEL = 'Net profit including adjustments to closed periods';

/**
 * The lines a month shows for the adjustments it carries (none when they add up to nothing on
 * every line): `adjustments` (the sum of the lines' changes), a part per statement line changed
 * (`adjustments.<line key>`, named with the months it changes), and `bottomLine.adjusted`. Only the
 * lines of kind 'line' add up (their parts and memos are in the itemised list).
 */
export function adjustmentLines(
  adjustments: readonly BookedAdjustment[],
  column: readonly PnlLineValue[],
): PnlLineValue[] {
  const lines = new Map(column.filter((l) => l.kind === 'line').map((l) => [l.key, l]));
  const byLine = new Map<string, { cents: number; months: Set<string> }>();
  for (const a of adjustments) {
    if (!lines.has(a.lineKey)) continue;
    const slot = byLine.get(a.lineKey) ?? { cents: 0, months: new Set<string>() };
    slot.cents += a.cents;
    slot.months.add(a.forMonth);
    byLine.set(a.lineKey, slot);
  }
  const parts: PnlLineValue[] = [...lines.values()]
    .filter((l) => (byLine.get(l.key)?.cents ?? 0) !== 0)
    .map((l) => {
      const slot = byLine.get(l.key)!;
      const months = [...slot.months].sort().map(formatMonth).join(', ');
      return { key: `adjustments.${l.key}`, label: `${l.label} (${months})`, kind: 'part', cents: slot.cents };
    });
  if (parts.length === 0) return [];
  const total = parts.reduce((a, p) => a + p.cents, 0);
  const bottom = column.find((l) => l.key === 'bottomLine')?.cents ?? 0;
  return [
    { key: 'adjustments', label: ADJUSTMENTS_LABEL, kind: 'line', cents: total },
    ...parts,
    { key: 'bottomLine.adjusted', label: ADJUSTED_BOTTOM_LINE_LABEL, kind: 'total', cents: bottom + total },
  ];
}

/** A source in words: "Order 5761…", "Refunds of Mar 3, 2026", "Ad spend of Mar 2, 2026". */
export function sourceWords(source: string): string {
  const at = source.indexOf(':');
  const kind = source.slice(0, at);
  const rest = source.slice(at + 1);
  if (kind === 'order') return `Order ${rest}`;
  if (kind === 'refund-day') return `Refunds of ${formatDay(rest)}`;
  if (kind === 'adSpend') return `Ad spend of ${formatDay(rest)}`;
  if (kind === 'expenses') return `Other expenses of ${formatDay(rest)}`;
  return source;
}

/** A shop's books as the rules read them: the closes (ascending), the closed months, the basis, the first open month. */
export interface Books {
  closes: MonthCloseRow[];
  closed: string[];
  /** The basis of the books (the first close's), or null while nothing is closed. */
  basis: BooksBasis | null;
  firstOpen: string | null;
}

export async function readBooks(deps: PeriodDeps, shopId: string): Promise<Books> {
  const closes = await readCloses(deps.store.db, shopId);
  const closed = closes.map((c) => c.month);
  const basis = closes[0] ? (JSON.parse(closes[0].basis) as BooksBasis) : null;
  return { closes, closed, basis, firstOpen: firstOpenMonth(closed) };
}

/** A closed month's column as it was frozen. */
export const frozenOf = (c: MonthCloseRow): PnlColumn => JSON.parse(c.statement) as PnlColumn;

/** A month's live column under `basis` (`inputs`: the seller's costs when the basis counts them), up to `today` while it runs. */
export async function liveColumn(
  deps: PeriodDeps,
  shop: ShopZone,
  month: string,
  basis: BooksBasis,
  inputs: ShopCostInputs | null,
  today?: string,
): Promise<PnlColumn> {
  // The month so far while it runs (the seller's expenses are spread over its days up to today).
  const last = lastDayOf(month);
  const range = { from: `${month}-01`, to: today !== undefined && today < last ? today : last };
  const [column] = await monthColumns(deps, shop, range, { switches: basis.switches, costs: inputs });
  return column!;
}

/** The adjustments not booked yet: each closed month's items now, under the books' basis, against what it closed with. */
export async function pendingOf(
  deps: PeriodDeps,
  shop: ShopZone,
  books: Books,
  inputs: ShopCostInputs | null,
): Promise<BookedAdjustment[]> {
  const { basis, firstOpen } = books;
  if (!basis || !firstOpen) return [];
  const perMonth = await Promise.all(
    books.closed.map(async (month) => {
      const [now, atClose, booked] = await Promise.all([
        monthItems(deps, shop, month, basis.switches, inputs),
        readCloseItems(deps.store.db, shop.id, month),
        readAdjustmentsFor(deps.store.db, shop.id, month),
      ]);
      return pendingAdjustments(month, now, atClose, booked, firstOpen);
    }),
  );
  return perMonth.flat();
}

/**
 * What closing `month` writes: its statement under `basis` with the adjustments it books (the
 * pending ones of the closed months before it), its itemised figures, and those adjustments.
 * `inputs` are the seller's costs when the basis counts them.
 */
export async function closingOf(
  deps: PeriodDeps,
  shop: ShopZone,
  books: Books,
  month: string,
  basis: BooksBasis,
  inputs: ShopCostInputs | null,
): Promise<{ statement: PnlColumn; items: BookItem[]; adjustments: BookedAdjustment[] }> {
  const [column, adjustments, items] = await Promise.all([
    liveColumn(deps, shop, month, basis, inputs),
    pendingOf(deps, shop, books, inputs),
    monthItems(deps, shop, month, basis.switches, inputs),
  ]);
  const statement = { month: column.month, lines: [...column.lines, ...adjustmentLines(adjustments, column.lines)] };
  return { statement, items, adjustments };
}
