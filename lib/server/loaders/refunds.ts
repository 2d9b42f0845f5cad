import 'server-only';
import { REFUND_DETAIL_PARTS, type RefundDay, type RefundDetails } from '@/lib/contract';
import type { RangeQuery } from '@/lib/views/refunds';
import type { RefundDayItem, RefundsData } from '@/lib/api/schemas';
import { toCents } from '@/lib/profit/money';
import { refundValueCents, type RefundPart } from '@/lib/profit/refunds';
import { eachShopDay, resolveRange, shopDayStart, shopLocalDate } from '@/lib/time';
import { fetchAllRefunds } from '@/lib/upstream';
import type { ConnectedShop } from './shops';
import { upstream } from '../upstream';
import { viewNow } from '../view-time';
import { storeFirst } from './store-first';
import { storedRefundDays } from '@/lib/store/reads';
import { refundPartsFor } from '../access';

type CentsDay = { value: number; details: Record<keyof RefundDetails, number> };

function zeroCents(): CentsDay {
  return { value: 0, details: Object.fromEntries(REFUND_DETAIL_PARTS.map((k) => [k, 0])) as CentsDay['details'] };
}

function addInto(target: CentsDay, day: RefundDay, parts: readonly RefundPart[]): void {
  target.value += refundValueCents(day, parts);
  for (const key of REFUND_DETAIL_PARTS) target.details[key] += toCents(day.details[key]);
}

function fromCents(day: CentsDay): { value: number; details: RefundDetails } {
  const details = Object.fromEntries(REFUND_DETAIL_PARTS.map((k) => [k, day.details[k] / 100])) as RefundDetails;
  return { value: day.value / 100, details };
}

/**
 * Every day of the range, oldest first, with that day's refund cost (zeros on days without refunds),
 * and the range's totals: the store's when it holds the range, by the rule of ./store-first. Days
 * are the shop's calendar days; sums are made in integer cents. Each value counts the parts the
 * person being served sees (../access: without costs and profit, the fees are in no value).
 */
export async function loadRefunds(
  shop: ConnectedShop,
  query: RangeQuery,
  now: number = Date.now(),
  signal?: AbortSignal,
): Promise<RefundsData> {
  const range = resolveRange(query.range, shop.timezone, viewNow(now));
  const parts = await refundPartsFor();
  const { value: rows, ...origin } = await storeFirst(
    shop,
    range,
    {
      store: (store) => storedRefundDays(store.db, shop.id, range.startDate, range.endDate),
      upstream: (deadline) =>
        fetchAllRefunds(upstream(), shop.id, range.startDate, range.endDate, {
          priority: 'interactive',
          signal: deadline,
        }),
    },
    signal,
  );

  const byDay = new Map<string, CentsDay>();
  for (const row of rows) {
    const day = shopLocalDate(row.date, shop.timezone);
    const bucket = byDay.get(day) ?? zeroCents();
    addInto(bucket, row, parts);
    byDay.set(day, bucket);
  }

  // Totals are summed over the listed days only, so the chart and its headline always agree.
  const total = zeroCents();
  const items: RefundDayItem[] = eachShopDay(range.from, range.to).map((day) => {
    const bucket = byDay.get(day) ?? zeroCents();
    total.value += bucket.value;
    for (const key of REFUND_DETAIL_PARTS) total.details[key] += bucket.details[key];
    return { day, date: shopDayStart(day, shop.timezone), ...fromCents(bucket) };
  });
  return { items, totals: fromCents(total), range, ...origin };
}
