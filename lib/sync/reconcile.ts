import { type Day } from '@/lib/store/days';
import { addDays, shopDayEnd, shopDayStart, eachShopDay, shopLocalDate, type DayRange } from '@/lib/time';
import type { OrderStore } from '@/lib/store/order-store';
import type { UpstreamClient } from '@/lib/upstream/types';
import type { ShopRef } from './runner';

// Past days are never re-read by the freshness rules once settled, so a stored month could stay
// wrong for good (an order lost, or added upstream later). Now and then each stored month is
// checked with one request: `limit=1` over the month's days gives the upstream's own count in
// `pagination.total`, compared with the orders stored for the same seconds. A month that does not
// agree loses its coverage (the next sync reads it again) and the mismatch is kept for the seller.

export interface ReconcileOptions {
  /** How long a month's check holds (default 6 h). */
  everyMs?: number;
  /** At most this many months are checked per call (one request each; default 6). */
  maxMonths?: number;
  now?: number;
}

export interface Mismatch {
  month: string;
  upstream: number;
  stored: number;
}

const DEFAULT_EVERY_MS = 6 * 3_600_000;

/** Months whose every day in [from, to] is covered, as the day span that is covered. */
function coveredMonths(covered: ReadonlyMap<Day, number>, range: DayRange): Map<string, DayRange> {
  const months = new Map<string, DayRange>();
  const gaps = new Set<string>();
  for (const day of eachShopDay(range.from, range.to)) {
    const month = day.slice(0, 7);
    if (!covered.has(day)) {
      gaps.add(month);
      continue;
    }
    const span = months.get(month);
    if (!span) months.set(month, { from: day, to: day });
    else span.to = day;
  }
  for (const month of gaps) months.delete(month);
  return months;
}

/** Checks the stored months of `range` whose last check is older than `everyMs`; returns the mismatches found now. */
export async function reconcile(
  store: OrderStore,
  client: UpstreamClient,
  shop: ShopRef,
  range: DayRange,
  options: ReconcileOptions = {},
): Promise<Mismatch[]> {
  const now = options.now ?? Date.now();
  const everyMs = options.everyMs ?? DEFAULT_EVERY_MS;
  const today = shopLocalDate(Math.floor(now / 1000), shop.timezone);
  // Today and yesterday are still filling: their counts are the freshness rules' business.
  const to = range.to < addDays(today, -2) ? range.to : addDays(today, -2);
  if (range.from > to) return [];
  const [covered, checked] = await Promise.all([store.coverage(shop.id, range.from, to), store.reconciled(shop.id)]);
  const due = [...coveredMonths(covered, { from: range.from, to })]
    // A month that disagreed is checked again as soon as it is stored again (re-read), not hours later.
    .filter(([month]) => {
      const last = checked.get(month);
      return !last || last.upstream !== last.stored || now - last.checkedAt >= everyMs;
    })
    .slice(0, options.maxMonths ?? 6);
  const mismatches: Mismatch[] = [];
  for (const [month, span] of due) {
    const startDate = shopDayStart(span.from, shop.timezone);
    const endDate = shopDayEnd(span.to, shop.timezone);
    const page = await client.orders(
      shop.id,
      { startDate, endDate, page: 1, limit: 1 },
      { priority: 'background', bypassCache: true },
    );
    const stored = await store.countOrders(shop.id, startDate, endDate);
    const upstream = page.pagination.total;
    await store.saveReconcile(shop.id, month, now, upstream, stored);
    if (upstream !== stored) {
      await store.uncover(shop.id, eachShopDay(span.from, span.to));
      mismatches.push({ month, upstream, stored });
    }
  }
  return mismatches;
}

/** Mismatches found within `withinMs` (default a day), for the sync status. */
export async function recentMismatches(
  store: OrderStore,
  shopId: string,
  now = Date.now(),
  withinMs = 86_400_000,
): Promise<Mismatch[]> {
  const checked = await store.reconciled(shopId);
  return [...checked]
    .filter(([, c]) => c.upstream !== c.stored && now - c.checkedAt < withinMs)
    .map(([month, c]) => ({ month, upstream: c.upstream, stored: c.stored }));
}
