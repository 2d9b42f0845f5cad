import type { RefundDetails } from '@/lib/contract';
import type { RefundDayItem } from '@/lib/api/schemas';
import { toCents, type Cents } from '@/lib/profit';
import { formatDay } from '@/lib/format/time';
import { REFUND_LABELS, type RefundCategory } from '@/lib/format/refund-labels';
import { isProfitFigure } from '@/lib/team/figures';

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

export type RefundCategories = typeof REFUND_CATEGORIES;

/**
 * The categories a person sees: all seven, or without costs and profit the sales parts only (the
 * server sends no fee part, and each day's value is the sum of the parts it sends).
 */
export function refundCategoriesFor(seesProfit: boolean): RefundCategories {
  return seesProfit ? REFUND_CATEGORIES : SALES_CATEGORIES;
}

const SALES_CATEGORIES = REFUND_CATEGORIES.filter((c) => !isProfitFigure(c.key));

export type RefundChartDay = { day: string; label: string; total: Cents } & Partial<Record<RefundCategory, Cents>>;

export function toChartDays(items: readonly RefundDayItem[], categories: RefundCategories): RefundChartDay[] {
  return items.map((item) => ({
    day: item.day,
    label: formatDay(item.day, { short: true }),
    total: toCents(item.value),
    ...detailsInCents(item.details, categories),
  }));
}

/** Categories that are not zero on some day: a legend of seven empty entries helps nobody. */
export function activeCategories(days: readonly RefundChartDay[], categories: RefundCategories) {
  return categories.filter((c) => days.some((d) => (d[c.key] ?? 0) !== 0));
}

/** The categories' parts in cents; a part the answer left out counts as none, never as NaN. */
export function detailsInCents(
  details: Partial<RefundDetails>,
  categories: RefundCategories,
): Partial<Record<RefundCategory, Cents>> {
  return Object.fromEntries(categories.map((c) => [c.key, toCents(details[c.key] ?? 0)]));
}
