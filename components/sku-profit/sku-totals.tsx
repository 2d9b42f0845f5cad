'use client';

import { Money } from '@/components/money/money';
import { formatCount, formatPercent } from '@/lib/format/money';
import { ForecastLine, ForecastNote } from '@/components/forecast/forecast-figures';
import type { SkuReportWithForecast } from '@/lib/reports/settlement-apply';
import { BRIDGE_LABELS, profitBridge } from '@/lib/reports/bridge';
import { ProfitBridge } from '@/components/bridge/profit-bridge';
import { useCostKindWords } from '@/components/app-shell/cost-kind-words';

export interface SkuTotalsProps {
  report: SkuReportWithForecast;
  currency: string;
}

/**
 * The range's totals; refunds are a period figure, never attributed to a SKU, and so are the
 * seller's whole-shop ad spend and other expenses unless they are allocated to the SKUs.
 */
export function SkuTotals({ report, currency }: SkuTotalsProps) {
  const { charged } = useCostKindWords();
  const { totals } = report;
  return (
    <>
      <dl className="kpis">
        <div className="kpi">
          <dt>SKUs · order lines</dt>
          <dd>
            {formatCount(report.rows.length)} · {formatCount(totals.lines)}
          </dd>
        </div>
        <div className="kpi">
          <dt>{BRIDGE_LABELS.netSales}</dt>
          <dd>
            <Money cents={totals.netSales} currency={currency} />
          </dd>
        </div>
        <div className="kpi">
          <dt>{BRIDGE_LABELS.netProfit}</dt>
          <dd>
            <Money cents={totals.netProfit} currency={currency} tone />{' '}
            <span className="muted">{formatPercent(totals.margin)}</span>
          </dd>
          {totals.forecast ? <ForecastLine forecast={totals.forecast} currency={currency} /> : null}
        </div>
        {!report.switches.includeSamples ? (
          <div className="kpi">
            <dt>{BRIDGE_LABELS.samples}</dt>
            <dd>
              <Money cents={report.sampleCost} currency={currency} tone />
            </dd>
          </div>
        ) : null}
        <div className="kpi">
          <dt>{BRIDGE_LABELS.refunds}</dt>
          <dd>
            <Money cents={report.refunds} currency={currency} tone />
          </dd>
        </div>
        {report.costs === 'mine' && (report.shopAdSpend !== 0 || report.expenses !== 0) ? (
          <>
            <div className="kpi">
              <dt>{BRIDGE_LABELS.shopAdSpend}</dt>
              <dd>
                <Money cents={report.shopAdSpend} currency={currency} tone />
              </dd>
            </div>
            <div className="kpi">
              <dt>{BRIDGE_LABELS.expenses}</dt>
              <dd>
                <Money cents={report.expenses} currency={currency} tone />
              </dd>
            </div>
          </>
        ) : null}
        <div className="kpi">
          <dt>{BRIDGE_LABELS.bottomLine}</dt>
          <dd>
            <Money cents={report.netProfitAfterRefunds} currency={currency} tone />
          </dd>
        </div>
        <div className="kpi">
          <dt>Estimated (unsettled)</dt>
          <dd>{formatPercent(totals.estimatedShare ?? 0)}</dd>
        </div>
      </dl>
      {totals.forecast ? <ForecastNote forecast={totals.forecast} currency={currency} /> : null}
      <ProfitBridge steps={profitBridge(report, charged)} currency={currency} />
    </>
  );
}
