import { MAX_PAGE_SIZE } from '@/lib/contract/query-params';
import type { Day } from '@/lib/store/days';
import type { OrderStore } from '@/lib/store/order-store';
import type { UpstreamClient } from '@/lib/upstream/types';
import { addDays, dayCount, eachShopDay, shopDayEnd, shopLocalDate, type DayRange } from '@/lib/time';
import { clampToToday, recentFirst, staleRuns } from './plan';
import type { ShopRef } from './runner';

// Before a long first read spends the key's budget, what it would cost: the range a seller typed is
// asked about (docs/ARCHITECTURE.md#ranges-a-seller-meant). One limit=1 request, oldest first and
// up to the range's end, tells the shop's first order and how many orders there are: the days
// before that first order hold no order (and so no refund) and are stored as empty without a read.

/** A range of more days than this (up to today) is asked about while any of it is unread, whatever it costs. */
export const ASK_OVER_DAYS = 366;
/** A read longer than this many minutes of the key's budget is asked about. */
export const ASK_OVER_MINUTES = 5;
/** Reads of at most this many missing days are never estimated (a preset's worth: no request spent on it). */
const ESTIMATE_FROM_DAYS = 92;

export interface ReadEstimate {
  /** The range up to today (the future holds no orders). */
  range: DayRange;
  /** The shop's first order's day, when it is after the range's first day (the read starts there). */
  firstOrderDay: Day | null;
  /** Days still to read (not stored, from the first order's day on). */
  days: number;
  /** Pages of orders and refunds the read is expected to fetch (orders at the shop's average per day). */
  pages: number;
  /** Minutes of the key's budget those pages take at its rate, with nothing else reading. */
  minutes: number;
  /** Whether the read waits for a person's confirmation (a range of more than 366 days, or a read of more than 5 minutes). */
  ask: boolean;
}

export interface EstimateDeps {
  store: OrderStore;
  client: UpstreamClient;
  budgetPerMinute: number;
  now: number;
}

/**
 * What the first read of a range costs, or null when it is cheap enough never to ask (a range in
 * the future, or at most a quarter of days missing). Stores the days before the shop's first order
 * as read and empty, so no read is spent on them.
 */
export async function estimateRead(deps: EstimateDeps, shop: ShopRef, wanted: DayRange): Promise<ReadEstimate | null> {
  const { store, client, now } = deps;
  const today = shopLocalDate(Math.floor(now / 1000), shop.timezone);
  const range = clampToToday(wanted, today);
  if (!range) return null;
  const covered = await store.coverage(shop.id, range.from, range.to);
  const missing = (from: Day) => eachShopDay(from, range.to).filter((day) => !covered.has(day));
  if (missing(range.from).length <= ESTIMATE_FROM_DAYS) return null;
  const first = await client.orders(
    shop.id,
    { endDate: shopDayEnd(range.to, shop.timezone), sort: 'ASC', page: 1, limit: 1 },
    { priority: 'interactive' },
  );
  const firstCreated = first.items[0]?.createTime;
  // No order up to the range's end: every day of it is empty.
  const firstDay = firstCreated === undefined ? addDays(range.to, 1) : shopLocalDate(firstCreated, shop.timezone);
  const firstOrderDay = firstDay > range.from ? firstDay : null;
  if (firstOrderDay) {
    const before = missing(range.from).filter((day) => day < firstOrderDay);
    await store.markCovered(shop.id, before, now);
  }
  const toRead = firstOrderDay && firstOrderDay > range.to ? [] : missing(firstOrderDay ?? range.from);
  const ordersPerDay = firstCreated === undefined ? 0 : first.pagination.total / dayCount(firstDay, range.to);
  const unread = new Set(toRead);
  const windows = recentFirst(staleRuns(range, (day) => unread.has(day))).length;
  // Each window reads its orders' pages (at least one) and one page of refund days.
  const pages =
    toRead.length === 0 ? 0 : Math.max(windows, Math.ceil((ordersPerDay * toRead.length) / MAX_PAGE_SIZE)) + windows;
  const minutes = Math.ceil(pages / Math.max(1, deps.budgetPerMinute));
  // The range's length is what the seller typed: more than 366 days is asked about whatever it costs.
  const ask = pages > 0 && (dayCount(range.from, range.to) > ASK_OVER_DAYS || minutes > ASK_OVER_MINUTES);
  return { range, firstOrderDay, days: toRead.length, pages, minutes, ask };
}
