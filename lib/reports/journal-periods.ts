import type { ShopCostInputs } from '@/lib/costs/kinds';
import type { RatePeriod } from '@/lib/costs/fx';
import { readCloseItems, type BookItem } from '@/lib/store/books';
import { orderDays } from '@/lib/store/order-items';
import type { ConversionPeriod } from './journal';
import { postingLines } from './journal-accounts';
import type { BooksBasis } from './month-close';
import { monthItems } from './month-items';
import type { PeriodDeps, ShopZone } from './period';
import type { PnlLineValue } from './pnl-lines';

// A month's posted lines cut by the rate periods of its days, for a journal converted into the
// books currency (docs/ARCHITECTURE.md#journals): each line's figure over the days sharing one
// rate. With one rate over the month (the usual case) that is the statement itself; with more, the
// month's itemised figures (lib/reports/month-items: an order, a refund day, an input's day, each
// with its day) say which days each cent comes from. An adjustment to a closed month is booked on
// the journal's date, so it is converted in the period of the month's last day, as is any cent
// whose day is unknown (an order no longer stored).

export interface PeriodSplitInput {
  month: string;
  status: 'closed' | 'open';
  lines: readonly PnlLineValue[];
  /** The month's rate periods, in day order, covering it to its last day. */
  periods: readonly RatePeriod[];
  /** The books' basis and the seller's costs it counts (for a month not closed). */
  basis: BooksBasis;
  inputs: ShopCostInputs | null;
  /** The last day counted while the month runs (its statement's). */
  until: string;
}

/** The day of an item's source: `refund-day:2026-03-02`, `adSpend:…`, `expenses:…`, or an order's. */
function dayOf(item: BookItem, orders: ReadonlyMap<string, string>): string | undefined {
  const at = item.source.indexOf(':');
  const kind = item.source.slice(0, at);
  const rest = item.source.slice(at + 1);
  return kind === 'order' ? orders.get(rest) : rest;
}

export async function linesByPeriod(
  deps: PeriodDeps,
  shop: ShopZone,
  input: PeriodSplitInput,
): Promise<ConversionPeriod[]> {
  const posting = postingLines(input.lines);
  const whole = new Map(posting.map((l) => [l.key, l.cents]));
  if (input.periods.length === 1) return [{ ...input.periods[0]!, cents: whole }];
  const items =
    input.status === 'closed'
      ? await readCloseItems(deps.store.db, shop.id, input.month)
      : await monthItems(deps, shop, input.month, input.basis.switches, input.inputs, input.until);
  const orders = await orderDays(
    deps.store.db,
    shop.id,
    items.filter((i) => i.source.startsWith('order:')).map((i) => i.source.slice('order:'.length)),
  );
  const last = input.periods.length - 1;
  const cents = input.periods.map(() => new Map<string, number>());
  const add = (i: number, key: string, c: number) => cents[i]!.set(key, (cents[i]!.get(key) ?? 0) + c);
  for (const item of items) {
    if (!whole.has(item.lineKey)) continue;
    const day = dayOf(item, orders);
    const at = day === undefined ? -1 : input.periods.findIndex((p) => day >= p.from && day <= p.to);
    add(at < 0 ? last : at, item.lineKey, item.cents);
  }
  // What the items do not place (the adjustments' lines, a cent read after the statement) is the
  // journal date's: every line's periods add up to the statement's figure exactly.
  for (const [key, total] of whole) {
    const placed = cents.reduce((sum, m) => sum + (m.get(key) ?? 0), 0);
    if (placed !== total) add(last, key, total - placed);
  }
  return input.periods.map((p, i) => ({ ...p, cents: cents[i]! }));
}
