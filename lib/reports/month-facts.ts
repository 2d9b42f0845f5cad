import type { ShopCostInputs } from '@/lib/costs/kinds';
import { openOrders } from '@/lib/store/order-items';
import { readSettlePairs } from '@/lib/store/snapshots';
import { addDays, dayCount, lastDayOfMonth, shopLocalDate } from '@/lib/time';
import type { MonthFacts } from './books-schemas';
import { liveColumn, type BooksBasis } from './month-close';
import type { PeriodDeps, ShopZone } from './period';

// What a person closes a month on (docs/ARCHITECTURE.md#closing-a-month): the whole month's figures,
// whatever range the page shows: its share of net sales still estimated, how many of its orders are
// still open, when the last of them is expected to settle, and how many of its days are stored.

/** Settled orders the timing is learned from: fewer say nothing worth a date. */
const MIN_SETTLED = 10;
/** How far back settled orders are looked at (days). */
const TIMING_DAYS = 180;

/**
 * Days from an order's day to the day it was seen settled, within which 9 in 10 of the shop's
 * settled orders of the last 180 days settled (the settlement drift's own observations,
 * lib/store/snapshots); null with fewer than 10 of them.
 */
export async function settleDays(deps: PeriodDeps, shop: ShopZone, today: string): Promise<number | null> {
  const pairs = await readSettlePairs(deps.store.db, shop.id, addDays(today, -TIMING_DAYS), today);
  const lags = pairs
    .map((p) => dayCount(p.localDay, shopLocalDate(Math.floor(p.settledSeenAt / 1000), shop.timezone)) - 1)
    .filter((d) => d >= 0)
    .sort((a, b) => a - b);
  if (lags.length < MIN_SETTLED) return null;
  return lags[Math.ceil(0.9 * lags.length) - 1]!;
}

export async function monthFacts(
  deps: PeriodDeps,
  shop: ShopZone,
  month: string,
  basis: BooksBasis,
  inputs: ShopCostInputs | null,
  today: string,
  stored: { daysStored: number; daysTotal: number },
): Promise<Omit<MonthFacts, 'refusal' | 'basisWords'>> {
  const from = `${month}-01`;
  const to = lastDayOfMonth(month);
  const [column, open, days] = await Promise.all([
    liveColumn(deps, shop, month, basis, inputs, today),
    openOrders(deps.store.db, shop.id, from, to, basis.switches.includeCancelled),
    settleDays(deps, shop, today),
  ]);
  return {
    month,
    days: dayCount(from, to),
    daysStored: stored.daysStored,
    netSales: column.month.netSales,
    estimatedNetSales: column.month.estimatedNetSales,
    estimatedShare: column.month.estimatedShare,
    openOrders: open.count,
    lastOpenDay: open.lastDay,
    settleDays: days,
    expectedSettledBy: open.lastDay && days !== null ? addDays(open.lastDay, days) : null,
  };
}
