import type { RefundDetails } from '@/lib/contract';
import { formatMoney } from '@/lib/format/money';
import { toCents } from '@/lib/profit';
import { say } from './messages';
import { detailsInCents, type RefundCategories, type RefundChartDay } from './refund-categories';

export interface RefundTotalsProps {
  totals: { value: number; details: Partial<RefundDetails> };
  days: RefundChartDay[];
  /** The categories the person sees; the total is their sum. */
  categories: RefundCategories;
  /** What the total is called: it names what it counts. */
  label: string;
  currency: string;
}

/** The range's headline figures: total refund cost, the largest category, days with refunds. */
export function RefundTotals({ totals, days, categories, label, currency }: RefundTotalsProps) {
  const total = toCents(totals.value);
  const details = detailsInCents(totals.details, categories);
  const part = (key: RefundCategories[number]['key']) => details[key] ?? 0;
  const largest = [...categories].sort((a, b) => part(a.key) - part(b.key))[0];
  const refundDays = days.filter((d) => d.total !== 0).length;
  return (
    <dl className="kpis">
      <div className="kpi">
        <dt>{label}</dt>
        <dd className={total < 0 ? 'negative' : undefined}>{formatMoney(total, currency)}</dd>
      </div>
      {largest && part(largest.key) < 0 ? (
        <div className="kpi">
          <dt>Largest part: {largest.label}</dt>
          <dd>{formatMoney(part(largest.key), currency)}</dd>
        </div>
      ) : null}
      <div className="kpi">
        <dt>Days with refunds</dt>
        <dd>{say('daysWithRefunds', { days: { count: refundDays }, total: { count: days.length } })}</dd>
      </div>
    </dl>
  );
}
