import type { ShopCostInputs } from '@/lib/costs/kinds';
import type { CostsView } from '@/lib/costs/types';
import type { ProfitSwitches } from '@/lib/profit';
import {
  readAdjustmentsFor,
  readCloseItems,
  readCloses,
  type BookedAdjustment,
  type BookItem,
  type MonthCloseRow,
} from '@/lib/store/books';
import { lastDayOfMonth, monthAfter } from '@/lib/time';
import { sayBooks } from './books-messages';
import { byItem, monthItems } from './month-items';
import type { PeriodDeps, ShopZone } from './period';
import { monthColumns, type PnlColumn } from './pnl-by-month';
import type { PnlLineValue } from './pnl-lines';

// Closing a month (docs/ARCHITECTURE.md#pl-by-month): the rules of the chain of closed months, a
// month's itemised figures (source × P&L line → cents, adding up to its statement line by line),
// and the adjustments to closed periods (what changed in a closed month since it closed, source by
// source), shown in the first open month. Pure but for the store reads; a month's itemised figures are ./month-items.

/** The switches and cost view a shop's books are closed under (the first close fixes it). */
export interface BooksBasis {
  switches: ProfitSwitches;
  costs: CostsView;
}

/** The books' chain: the closed months (contiguous, ascending) and the first open month (null: none closed). */
export function firstOpenMonth(closed: readonly string[]): string | null {
  const latest = closed.at(-1);
  return latest ? monthAfter(latest) : null;
}

/** Why `month` may not be closed now (a sentence), or null. `today` is the shop's. */
export function closeRefusal(month: string, closed: readonly string[], today: string, stored: boolean): string | null {
  const m = { month: { month } };
  if (closed.includes(month)) return sayBooks('alreadyClosed', m);
  if (lastDayOfMonth(month) >= today) return sayBooks('notEnded', m);
  const next = firstOpenMonth(closed);
  if (next !== null && month !== next) return sayBooks('closeInOrder', { ...m, next: { month: next } });
  if (!stored) return sayBooks('notStored', m);
  return null;
}

/** Why `month` may not be reopened (a sentence), or null. */
export function reopenRefusal(month: string, closed: readonly string[]): string | null {
  const latest = closed.at(-1);
  if (!closed.includes(month)) return sayBooks('notClosed', { month: { month } });
  if (month !== latest) return sayBooks('reopenLatest', { latest: { month: latest! } });
  return null;
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
 * Lines whose parts post against different counter-entries in a journal (a sample's cost of goods
 * comes out of inventory, the rest of it is settled by the marketplace): their adjustments are
 * shown part by part, and only what no part explains (a month closed before the line had parts)
 * as the line itself.
 */
const ADJUSTED_BY_PART = new Set(['samples']);

/**
 * The lines a month shows for the adjustments it carries (none when they add up to nothing on
 * every line): `adjustments` (the sum of the lines' changes), a part per statement line changed
 * (`adjustments.<line key>`, named with the months it changes; by part for a line of
 * ADJUSTED_BY_PART), and `bottomLine.adjusted`. Only the lines of kind 'line' add up (their parts
 * and memos are in the itemised list).
 */
export function adjustmentLines(
  adjustments: readonly BookedAdjustment[],
  column: readonly PnlLineValue[],
): PnlLineValue[] {
  const byKey = new Map(column.map((l) => [l.key, l]));
  const changes = new Map<string, { cents: number; months: Map<string, number> }>();
  const add = (key: string, cents: number, month: string) => {
    const slot = changes.get(key) ?? { cents: 0, months: new Map<string, number>() };
    slot.cents += cents;
    slot.months.set(month, (slot.months.get(month) ?? 0) + cents);
    changes.set(key, slot);
  };
  for (const a of adjustments) {
    const line = byKey.get(a.lineKey);
    if (!line) continue;
    const parent = a.lineKey.slice(0, a.lineKey.indexOf('.'));
    if (line.kind === 'line') add(a.lineKey, a.cents, a.forMonth);
    else if (line.kind === 'part' && ADJUSTED_BY_PART.has(parent)) {
      add(a.lineKey, a.cents, a.forMonth);
      add(parent, -a.cents, a.forMonth);
    }
  }
  const words = (key: string) => {
    const line = byKey.get(key)!;
    const parent = line.kind === 'part' ? byKey.get(key.slice(0, key.indexOf('.'))) : undefined;
    return parent ? `${parent.label}: ${line.label}` : line.label;
  };
  const parts: PnlLineValue[] = column
    .filter((l) => (changes.get(l.key)?.cents ?? 0) !== 0)
    .map((l) => {
      const slot = changes.get(l.key)!;
      const months = [...slot.months]
        .filter(([, cents]) => cents !== 0)
        .map(([month]) => month)
        .sort();
      const label = sayBooks('adjustmentLine', { line: { text: words(l.key) }, months: { months } });
      return { key: `adjustments.${l.key}`, label, kind: 'part', cents: slot.cents };
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
  if (kind === 'order') return sayBooks('sourceOrder', { number: { text: rest } });
  if (kind === 'refund-day') return sayBooks('sourceRefunds', { day: { day: rest } });
  if (kind === 'adSpend') return sayBooks('sourceAdSpend', { day: { day: rest } });
  if (kind === 'expenses') return sayBooks('sourceExpenses', { day: { day: rest } });
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
  const last = lastDayOfMonth(month);
  const range = { from: `${month}-01`, to: today !== undefined && today < last ? today : last };
  const [column] = await monthColumns(deps, shop, range, { switches: basis.switches, costs: inputs });
  return column!;
}

/**
 * The adjustments not booked yet: each closed month's items now, under the books' basis, against
 * what it closed with. A month is compared on the lines it was closed with: a line added to the
 * statement since (a new part) is not a change of it.
 */
export async function pendingOf(
  deps: PeriodDeps,
  shop: ShopZone,
  books: Books,
  inputs: ShopCostInputs | null,
  months: readonly string[] = books.closed,
): Promise<BookedAdjustment[]> {
  const { basis, firstOpen } = books;
  if (!basis || !firstOpen) return [];
  const perMonth = await Promise.all(
    months.map(async (month) => {
      const close = books.closes.find((c) => c.month === month);
      if (!close) return [];
      const [now, atClose, booked] = await Promise.all([
        monthItems(deps, shop, month, basis.switches, inputs),
        readCloseItems(deps.store.db, shop.id, month),
        readAdjustmentsFor(deps.store.db, shop.id, month),
      ]);
      const lines = new Set(frozenOf(close).lines.map((l) => l.key));
      return pendingAdjustments(
        month,
        now.filter((i) => lines.has(i.lineKey)),
        atClose,
        booked,
        firstOpen,
      );
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
