import { formatCount, formatPercent } from '@/lib/format/money';
import type { PricingReport } from '@/lib/pricing/report';

/** What the model was learned from and how well its fees fit: the figures every answer stands on. */
export function ModelSummary({ report }: { report: PricingReport }) {
  const { shop } = report;
  return (
    <dl className="kpis pricing-summary">
      <div className="kpi">
        <dt>Target margin</dt>
        <dd>{formatPercent(report.target)}</dd>
      </div>
      <div className="kpi">
        <dt>Order lines learned from</dt>
        <dd>{formatCount(shop.lines)}</dd>
      </div>
      <div className="kpi">
        <dt>Fee model error</dt>
        <dd title="How far the learned fees are from each line's own fees: Σ|line − model| / Σ line. In total they agree to the cent.">
          {report.feeFitError === null ? '—' : formatPercent(report.feeFitError)}
        </dd>
      </div>
      <div className="kpi">
        <dt>Shop refund rate</dt>
        <dd title="Refunds are the shop's daily totals, not a SKU's: shown, not counted in the answers.">
          {formatPercent(shop.refundRate)}
        </dd>
      </div>
      <div className="kpi">
        <dt>Estimates adjusted</dt>
        <dd>
          {report.settlement === 'expected' ? `${formatCount(report.adjustedLines)} lines` : 'No (as estimated now)'}
        </dd>
      </div>
    </dl>
  );
}
