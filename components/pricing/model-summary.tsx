import { formatCount, formatPercent } from '@/lib/format/money';
import type { PricingReport } from '@/lib/pricing/report';
import { say } from './messages';

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
        <dt>How well the fees fit</dt>
        <dd>{report.feeFitError === null ? '—' : say('plusMinus', { error: { percent: report.feeFitError } })}</dd>
        <dd className="muted kpi-note">
          {report.feeFitError === null
            ? 'No fee in the range.'
            : say('feesVary', { error: { percent: report.feeFitError } })}
        </dd>
      </div>
      <div className="kpi">
        <dt>Shop refund rate</dt>
        <dd>{formatPercent(shop.refundRate)}</dd>
        <dd className="muted kpi-note">
          Of net sales. Refunds are the shop’s daily totals, not a SKU’s: not counted in the answers.
        </dd>
      </div>
      <div className="kpi">
        <dt>Estimates adjusted</dt>
        <dd>
          {report.settlement === 'expected'
            ? say('adjustedLines', { lines: { count: report.adjustedLines } })
            : 'No (as estimated now)'}
        </dd>
      </div>
    </dl>
  );
}
