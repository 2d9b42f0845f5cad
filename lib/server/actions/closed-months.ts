import 'server-only';
import { DashboardError } from '@/lib/api/dashboard-error';
import { changeSpans, type DaySpan } from '@/lib/costs/input-spans';
import type { ShopCostInputs } from '@/lib/costs/kinds';
import { sayBooks } from '@/lib/reports/books-messages';
import type { ClosedMonthsChange } from '@/lib/reports/books-schemas';
import { frozenOf, readBooks, type Books } from '@/lib/reports/month-close';
import { monthItems } from '@/lib/reports/month-items';
import type { PeriodDeps } from '@/lib/reports/period';
import type { BookItem } from '@/lib/store/books';
import { readBooksCurrency } from '@/lib/store/books-records';
import { withChangeGuard, type Change } from '@/lib/store/cost-audit';
import { readCostInputs } from '@/lib/store/cost-inputs';
import { visibleShops } from '../access';
import { booksDeps } from '../loaders/books';
import { connectedShops, type ConnectedShop } from '../loaders/shops';

// The warning before a closed month changes (docs/ARCHITECTURE.md#closing-a-month), one mechanism
// for every write of the seller's inputs: each goes through the audit trail's commit (or its undo),
// whose guard (lib/store/cost-audit's withChangeGuard) sees the rows before and after. A write that
// reaches a closed month's days is refused with CLOSED_MONTHS naming the months, nothing written,
// until the request confirms them (X-Confirm-Closed-Months); saved, its answer says what it changed
// there, booked as adjustments to closed periods in the first open month. An exchange rate changes
// no statement (they are in the shop's currency) but the journals converted into the books currency.

export const CONFIRM_HEADER = 'x-confirm-closed-months';

/** The months a request confirms: `X-Confirm-Closed-Months: 2026-09, 2026-10`. */
export function confirmedMonths(request: Request): string[] {
  return (request.headers.get(CONFIRM_HEADER) ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter((m) => /^\d{4}-(0[1-9]|1[0-2])$/.test(m));
}

/** The closed months whose days the spans reach. */
function monthsReached(closed: readonly string[], spans: readonly DaySpan[]): string[] {
  return closed.filter((m) => spans.some((s) => s.from.slice(0, 7) <= m && (s.to === null || s.to.slice(0, 7) >= m)));
}

/** What the answer of a confirmed write adds: what it changed in closed months. */
export type Guarded<T> = T & { closedMonths?: ClosedMonthsChange };

/** Refuses the change set unless every closed month it reaches is confirmed; keeps the months it reached. */
function guard(
  reach: (scope: string, changes: readonly Change[]) => string[],
  confirmed: readonly string[],
  sentence: (months: readonly string[]) => string,
  reached: Set<string>,
) {
  return (scope: string, changes: readonly Change[]) => {
    const months = reach(scope, changes);
    if (months.length === 0) return;
    if (months.some((m) => !confirmed.includes(m)))
      throw new DashboardError('CLOSED_MONTHS', sentence(months), { closedMonths: months });
    for (const m of months) reached.add(m);
  };
}

/** The effect of the inputs' change on a closed month: its items under the books' basis before and after. */
async function effectOn(
  d: PeriodDeps,
  shop: ConnectedShop,
  books: Books,
  month: string,
  before: ShopCostInputs,
  after: ShopCostInputs,
) {
  const close = books.closes.find((c) => c.month === month)!;
  // The lines that add up to the bottom line (their parts are inside them).
  const lines = new Set(
    frozenOf(close)
      .lines.filter((l) => l.kind === 'line')
      .map((l) => l.key),
  );
  const switches = books.basis!.switches;
  const [was, now] = await Promise.all([
    monthItems(d, shop, month, switches, before),
    monthItems(d, shop, month, switches, after),
  ]);
  const diff = new Map<string, number>();
  const add = (items: readonly BookItem[], sign: number) => {
    for (const i of items)
      if (lines.has(i.lineKey))
        diff.set(`${i.source}\u0000${i.lineKey}`, (diff.get(`${i.source}\u0000${i.lineKey}`) ?? 0) + sign * i.cents);
  };
  add(now, 1);
  add(was, -1);
  const changed = [...diff.values()].filter((c) => c !== 0);
  return { cents: changed.reduce((a, c) => a + c, 0), items: changed.length };
}

/**
 * A write of one shop's inputs, guarded: refused (CLOSED_MONTHS) when it reaches a closed month not
 * confirmed; saved, its answer says by how much it changed the closed months, booked in the first
 * open month. Only when the books count the seller's costs (their basis) can these writes change them.
 */
export async function guardShopWrite<T extends object>(
  shop: ConnectedShop,
  confirmed: readonly string[],
  write: () => Promise<T>,
): Promise<Guarded<T>> {
  const d = await booksDeps();
  const books = await readBooks(d, shop.id);
  if (books.closed.length === 0 || books.basis?.costs !== 'mine' || !books.firstOpen) return write();
  const firstOpen = books.firstOpen;
  const before = await readCostInputs(d.store.db, shop.id);
  const reached = new Set<string>();
  const reach = (scope: string, changes: readonly Change[]) =>
    scope === shop.id ? monthsReached(books.closed, changes.flatMap(changeSpans)) : [];
  const sentence = (months: readonly string[]) =>
    sayBooks('reachesClosed', { count: { count: months.length }, months: { months }, firstOpen: { month: firstOpen } });
  const result = await withChangeGuard(guard(reach, confirmed, sentence, reached), write);
  if (reached.size === 0) return result;
  const months = books.closed.filter((m) => reached.has(m));
  const after = await readCostInputs(d.store.db, shop.id);
  const effects = await Promise.all(months.map((m) => effectOn(d, shop, books, m, before, after)));
  const cents = effects.reduce((a, e) => a + e.cents, 0);
  const items = effects.reduce((a, e) => a + e.items, 0);
  const message =
    items === 0
      ? sayBooks('changedNothing', { months: { months } })
      : sayBooks('changedBy', {
          months: { months },
          amount: { money: cents, currency: shop.currency, signed: true },
          items: { count: items },
          firstOpen: { month: firstOpen },
        });
  return { ...result, closedMonths: { months, firstOpen, cents, items, journalsOnly: false, message } };
}

/**
 * A write of the exchange rates, guarded: a rate converts the journals of the shops whose currency
 * it converts into the books currency, so one whose days reach a closed month of such a shop is
 * refused until confirmed. Their statements stay as closed (they are in the shop's currency).
 */
export async function guardFxWrite<T extends object>(
  confirmed: readonly string[],
  write: () => Promise<T>,
): Promise<Guarded<T>> {
  const d = await booksDeps();
  const target = (await readBooksCurrency(d.store.db))?.currency;
  if (!target) return write();
  const shops = (await visibleShops(await connectedShops())).filter((s) => s.currency !== target);
  const closed = new Map<string, { shop: ConnectedShop; closed: string[] }>();
  for (const shop of shops) {
    const books = await readBooks(d, shop.id);
    if (books.closed.length > 0) closed.set(shop.id, { shop, closed: books.closed });
  }
  if (closed.size === 0) return write();
  const reachedBy = new Map<string, Set<string>>();
  const reach = (scope: string, changes: readonly Change[]) => {
    const months = new Set<string>();
    for (const { shop, closed: months_ } of closed.values()) {
      const spans = changes
        .filter((c) => [c.before, c.after].some((r) => r && r.currency === shop.currency && r.target === target))
        .flatMap(changeSpans);
      for (const m of monthsReached(months_, spans)) {
        months.add(m);
        reachedBy.set(shop.shopName, (reachedBy.get(shop.shopName) ?? new Set()).add(m));
      }
    }
    return scope === 'fx' ? [...months].sort() : [];
  };
  const where = () =>
    [...reachedBy]
      .map(([name, months]) =>
        sayBooks('monthsOfShop', { months: { months: [...months].sort() }, shop: { text: name } }),
      )
      .join('; ');
  const sentence = () => sayBooks('rateReachesClosed', { target: { text: target }, where: { text: where() } });
  const reached = new Set<string>();
  const result = await withChangeGuard(guard(reach, confirmed, sentence, reached), write);
  if (reached.size === 0) return result;
  const months = [...reached].sort();
  const message = `It converts days of closed ${where()}: their statements did not change; their journals in ${target} did.`;
  return { ...result, closedMonths: { months, firstOpen: null, cents: 0, items: 0, journalsOnly: true, message } };
}
