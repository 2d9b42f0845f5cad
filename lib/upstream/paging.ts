import {
  MAX_PAGE_SIZE,
  MAX_RANGE_SECONDS,
  type Order,
  type OrdersQueryInput,
  type Page,
  type RefundDay,
} from '@/lib/contract';
import { CACHE_LIMITS, ENTRY_BYTES } from '@/lib/config/cache-limits';
import { TtlCache } from './cache';
import { UpstreamError } from './errors';
import type { CallOptions, UpstreamClient } from './types';

// Reading more than one page or more than one 366-day window (docs/reporting-service.md, The endpoints and Limits). Bulk reads always
// use limit=100: at 60 requests a minute, page size is the throughput.

export interface DateWindow {
  startDate: number;
  endDate: number;
}

/**
 * Consecutive windows covering [startDate, endDate] (inclusive Unix seconds), oldest first, with no
 * gap or overlap. Each spans one second less than 366 days, so the limit holds whether an upstream
 * counts it as `end - start <= 366 days` or `< 366 days`.
 */
export function splitRange(startDate: number, endDate: number, maxSpanSeconds = MAX_RANGE_SECONDS - 1): DateWindow[] {
  if (!Number.isInteger(startDate) || !Number.isInteger(endDate))
    throw new RangeError('dates must be integer Unix seconds');
  if (endDate < startDate) throw new RangeError('endDate must not be earlier than startDate');
  const windows: DateWindow[] = [];
  for (let start = startDate; start <= endDate; start += maxSpanSeconds + 1) {
    windows.push({ startDate: start, endDate: Math.min(endDate, start + maxSpanSeconds) });
  }
  return windows;
}

/** How often a page that holds fewer items than its own pagination counts is asked for again. */
export const SHORT_PAGE_RETRIES = 3;

/** Items page `page` must hold by the pagination it came with: full, except the last. */
/**
 * How many items page `page` must hold by its own pagination: none past the last page, else what
 * `total` leaves for it (at most `limit`). The one rule for every reader that proves its pages
 * (this iterator and the sync's windows).
 */
export function expectedItems(pagination: Page<unknown>['pagination'], page: number, limit: number): number {
  if (page > pagination.totalPages) return 0;
  return Math.max(0, Math.min(limit, pagination.total - (page - 1) * limit));
}

/**
 * Every page of a list, fetched one after another at `limit` (default 100). A page is believed
 * only when it holds what its own pagination counts: an empty or short page before the last is
 * asked for again, and one that stays short fails the read (BAD_UPSTREAM_PAYLOAD) instead of
 * ending the list early — an export that silently lost orders would be worse than no export.
 */
export async function* iteratePages<T>(
  /** `again` is true when the page is asked for again: the caller must then bypass any cache. */
  fetchPage: (page: number, limit: number, again: boolean) => Promise<Page<T>>,
  {
    limit = MAX_PAGE_SIZE,
    startPage = 1,
    shortPageRetries = SHORT_PAGE_RETRIES,
  }: { limit?: number; startPage?: number; shortPageRetries?: number } = {},
): AsyncGenerator<Page<T>> {
  for (let page = startPage; ; page += 1) {
    let result = await fetchPage(page, limit, false);
    for (let retry = 0; result.items.length < expectedItems(result.pagination, page, limit); retry += 1) {
      if (retry >= shortPageRetries) {
        throw new UpstreamError({
          code: 'BAD_UPSTREAM_PAYLOAD',
          message: `page ${page} held ${result.items.length} items where its pagination counts ${expectedItems(result.pagination, page, limit)}`,
          requestPath: `page=${page}&limit=${limit}`,
          sellerMessage:
            'The Reporting Service sent fewer records than it counted, so the list would be incomplete. Please try again in a moment.',
        });
      }
      result = await fetchPage(page, limit, true);
    }
    yield result;
    if (result.items.length === 0 || page >= result.pagination.totalPages) return;
  }
}

/** Every refund day in [start, end], oldest first, over as many windows and pages as needed. */
export async function fetchAllRefunds(
  client: UpstreamClient,
  shopId: string,
  startDate: number,
  endDate: number,
  options: CallOptions = {},
): Promise<RefundDay[]> {
  const days: RefundDay[] = [];
  for (const window of splitRange(startDate, endDate)) {
    const pages = iteratePages((page, limit, again) =>
      client.refunds(
        shopId,
        { ...window, sort: 'ASC', page, limit },
        again ? { ...options, bypassCache: true } : options,
      ),
    );
    for await (const page of pages) days.push(...page.items);
  }
  return days;
}

/** Which pages at which size cover items [offset, offset + count) of one list: one page if possible. */
export function pagesCovering(
  offset: number,
  count: number,
  maxLimit = MAX_PAGE_SIZE,
): { page: number; limit: number }[] {
  for (let limit = maxLimit; limit >= count; limit -= 1) {
    if (Math.floor(offset / limit) === Math.floor((offset + count - 1) / limit))
      return [{ page: Math.floor(offset / limit) + 1, limit }];
  }
  const first = Math.floor(offset / maxLimit);
  const last = Math.floor((offset + count - 1) / maxLimit);
  return Array.from({ length: last - first + 1 }, (_, i) => ({ page: first + i + 1, limit: maxLimit }));
}

/** Per client, because totals belong to one app key's view of the shop. */
const totalsByClient = new WeakMap<UpstreamClient, TtlCache<number>>();

async function windowTotal(client: UpstreamClient, shopId: string, query: OrdersQueryInput, options: CallOptions) {
  let totals = totalsByClient.get(client);
  if (!totals)
    totalsByClient.set(
      client,
      (totals = new TtlCache<number>(
        'upstreamWindowTotals',
        CACHE_LIMITS.upstreamWindowTotals.ttlMs,
        Date.now,
        () => ENTRY_BYTES.small,
      )),
    );
  const key = JSON.stringify([shopId, query]);
  const cached = totals.get(key);
  if (cached !== undefined) return cached;
  const { pagination } = await client.orders(shopId, { ...query, page: 1, limit: 1 }, options);
  totals.set(key, pagination.total);
  return pagination.total;
}

/**
 * One page of orders over a range of any length. The global page is mapped onto 366-day windows:
 * each window's total is asked once (limit=1, cached for a minute), then only the windows that
 * hold the requested slice are read. Windows are disjoint in create time, so concatenating them in
 * the sort direction keeps the upstream's order.
 */
export async function listOrdersAcrossWindows(
  client: UpstreamClient,
  shopId: string,
  query: OrdersQueryInput & { startDate: number; endDate: number },
  options: CallOptions = {},
): Promise<Page<Order>> {
  const { page = 1, limit = 10, sort = 'DESC', startDate, endDate, ...filters } = query;
  const windows = splitRange(startDate, endDate);
  if (windows.length === 1) return client.orders(shopId, query, options);
  if (sort === 'DESC') windows.reverse();
  const base = { ...filters, sort };
  const totals = await Promise.all(windows.map((w) => windowTotal(client, shopId, { ...base, ...w }, options)));
  const total = totals.reduce((sum, t) => sum + t, 0);

  const items: Order[] = [];
  let offset = (page - 1) * limit;
  for (const [i, window] of windows.entries()) {
    const windowTotalCount = totals[i] ?? 0;
    if (items.length >= limit) break;
    if (offset >= windowTotalCount) {
      offset -= windowTotalCount;
      continue;
    }
    const count = Math.min(limit - items.length, windowTotalCount - offset);
    for (const cover of pagesCovering(offset, count)) {
      const result = await client.orders(shopId, { ...base, ...window, ...cover }, options);
      const pageStart = (cover.page - 1) * cover.limit;
      const from = Math.max(0, offset - pageStart);
      const to = Math.min(result.items.length, offset + count - pageStart);
      items.push(...result.items.slice(from, to));
    }
    offset = 0;
  }
  return { items, pagination: { page, limit, total, totalPages: Math.ceil(total / limit) } };
}
