import type { RefundDetails } from '@/lib/contract';
import type { RefundDayItem } from '@/lib/api/schemas';
import { toCents, type Cents } from '@/lib/profit';
import { formatDay } from '@/lib/format/time';
import { REFUND_LABELS, type RefundCategory } from '@/lib/format/refund-labels';

// Shapes the API's refund days for the chart and the table: integer cents, one key per detail
// category, a label per day on the shop's calendar. The chart component only takes this.

export type { RefundCategory };

const colored = (key: RefundCategory, colorVar: string) => ({ key, label: REFUND_LABELS[key], colorVar });

export const REFUND_CATEGORIES: readonly { key: RefundCategory; label: string; colorVar: string }[] = [
  colored('grossSalesRefund', '--chart-1'),
  colored('sellerDiscountRefund', '--chart-2'),
  colored('refundAdministrationFee', '--chart-3'),
  colored('returnShippingFee', '--chart-4'),
  colored('returnShippingLabelFee', '--chart-5'),
  colored('returnShippingFeePaidBuyer', '--chart-6'),
  colored('returnShippingFeeReimbursement', '--chart-7'),
];

export type RefundChartDay = { day: string; label: string; total: Cents } & Record<RefundCategory, Cents>;

export function toChartDays(items: readonly RefundDayItem[]): RefundChartDay[] {
  return items.map((item) => {
    const row = {
      day: item.day,
      label: formatDay(item.day, { short: true }),
      total: toCents(item.value),
    } as RefundChartDay;
    for (const c of REFUND_CATEGORIES) row[c.key] = toCents(item.details[c.key]);
    return row;
  });
}

/** Categories that are not zero on some day: a legend of seven empty entries helps nobody. */
export function activeCategories(days: readonly RefundChartDay[]) {
  return REFUND_CATEGORIES.filter((c) => days.some((d) => d[c.key] !== 0));
}

export function detailsInCents(details: RefundDetails): Record<RefundCategory, Cents> {
  return Object.fromEntries(REFUND_CATEGORIES.map((c) => [c.key, toCents(details[c.key])])) as Record<
    RefundCategory,
    Cents
  >;
}
