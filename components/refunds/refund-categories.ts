import type { RefundDetails } from '@/lib/contract';
import { REFUND_DETAIL_PARTS } from '@/lib/contract/constants';
import type { RefundDayItem } from '@/lib/api/schemas';
import { toCents, type Cents } from '@/lib/profit';
import { formatDay } from '@/lib/format/time';

// Shapes the API's refund days for the chart and the table: integer cents, one key per detail
// category, a label per day on the shop's calendar. The chart component only takes this.

export type RefundCategory = (typeof REFUND_DETAIL_PARTS)[number];

export const REFUND_CATEGORIES: readonly { key: RefundCategory; label: string; colorVar: string }[] = [
  { key: 'grossSalesRefund', label: 'Gross sales refund', colorVar: '--chart-1' },
  { key: 'sellerDiscountRefund', label: 'Seller discount refund', colorVar: '--chart-2' },
  { key: 'refundAdministrationFee', label: 'Refund administration fee', colorVar: '--chart-3' },
  { key: 'returnShippingFee', label: 'Return shipping fee', colorVar: '--chart-4' },
  { key: 'returnShippingLabelFee', label: 'Return shipping label fee', colorVar: '--chart-5' },
  { key: 'returnShippingFeePaidBuyer', label: 'Return shipping paid by buyer', colorVar: '--chart-6' },
  { key: 'returnShippingFeeReimbursement', label: 'Return shipping reimbursement', colorVar: '--chart-7' },
];

export type RefundChartDay = { day: string; label: string; total: Cents } & Record<RefundCategory, Cents>;

export function toChartDays(items: readonly RefundDayItem[]): RefundChartDay[] {
  return items.map((item) => {
    const row = { day: item.day, label: formatDay(item.day, { short: true }), total: toCents(item.value) } as RefundChartDay;
    for (const c of REFUND_CATEGORIES) row[c.key] = toCents(item.details[c.key]);
    return row;
  });
}

/** Categories that are not zero on some day: a legend of seven empty entries helps nobody. */
export function activeCategories(days: readonly RefundChartDay[]) {
  return REFUND_CATEGORIES.filter((c) => days.some((d) => d[c.key] !== 0));
}

export function detailsInCents(details: RefundDetails): Record<RefundCategory, Cents> {
  return Object.fromEntries(REFUND_CATEGORIES.map((c) => [c.key, toCents(details[c.key])])) as Record<RefundCategory, Cents>;
}
