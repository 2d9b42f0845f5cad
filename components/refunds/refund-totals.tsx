import type { RefundDetails } from '@/lib/contract';
import { formatCount, formatMoney } from '@/lib/format/money';
import { toCents } from '@/lib/profit';
import { detailsInCents, REFUND_CATEGORIES, type RefundChartDay } from './refund-categories';

export interface RefundTotalsProps {
  totals: { value: number; details: RefundDetails };
  days: RefundChartDay[];
  currency: string;
}

/** The range's headline figures: total refund cost, the largest category, days with refunds. */
export function RefundTotals({ totals, days, currency }: RefundTotalsProps) {
  const total = toCents(totals.value);
  const details = detailsInCents(totals.details);
  const largest = [...REFUND_CATEGORIES].sort((a, b) => details[a.key] - details[b.key])[0];
  const refundDays = days.filter((d) => d.total !== 0).length;
  return (
    <dl className="kpis">
      <div className="kpi">
        <dt>Refund cost</dt>
        <dd className={total < 0 ? 'negative' : undefined}>{formatMoney(total, currency)}</dd>
      </div>
      {largest && details[largest.key] < 0 ? (
        <div className="kpi">
          <dt>Largest part: {largest.label}</dt>
          <dd>{formatMoney(details[largest.key], currency)}</dd>
        </div>
      ) : null}
      <div className="kpi">
        <dt>Days with refunds</dt>
        <dd>
          {formatCount(refundDays)} of {formatCount(days.length)}
        </dd>
      </div>
    </dl>
  );
}
