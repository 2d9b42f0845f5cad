'use client';

import Link from 'next/link';
import { Money } from '@/components/money/money';
import { formatCount, formatPercent } from '@/lib/format/money';
import { ForecastLine, ForecastNote } from '@/components/forecast/forecast-figures';
import type { SkuReportWithForecast } from '@/lib/reports/settlement-apply';
import { BRIDGE_LABELS, profitBridge } from '@/lib/reports/bridge';
import { ProfitBridge } from '@/components/bridge/profit-bridge';
import { useCostKindWords } from '@/components/app-shell/cost-kind-words';
import { sayNodes } from './messages';

export interface SkuTotalsProps {
  report: SkuReportWithForecast;
  currency: string;
  /** The same view without the search: the whole shop's bottom line. */
  wholeShopHref: string;
}

function Figure({ label, cents, currency }: { label: string; cents: number | null; currency: string }) {
  if (cents === null) return null;
  return (
    <div className="kpi">
      <dt>{label}</dt>
      <dd>
        <Money cents={cents} currency={currency} tone />
      </dd>
    </div>
  );
}

/**
 * The range's totals; refunds are a period figure, never attributed to a SKU, and so are the
 * seller's whole-shop ad spend and other expenses unless they are allocated to the SKUs. A search
 * counts its SKUs alone: the period lines are left out (the report has none), said in one sentence.
 */
export function SkuTotals({ report, currency, wholeShopHref }: SkuTotalsProps) {
  const { charged } = useCostKindWords();
  const { totals } = report;
  const searched = report.netProfitAfterRefunds === null;
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
          <Figure label={BRIDGE_LABELS.samples} cents={report.sampleCost} currency={currency} />
        ) : null}
        <Figure label={BRIDGE_LABELS.refunds} cents={report.refunds} currency={currency} />
        {report.costs === 'mine' && (report.shopAdSpend || report.expenses) ? (
          <>
            <Figure label={BRIDGE_LABELS.shopAdSpend} cents={report.shopAdSpend} currency={currency} />
            <Figure label={BRIDGE_LABELS.expenses} cents={report.expenses} currency={currency} />
          </>
        ) : null}
        <Figure label={BRIDGE_LABELS.bottomLine} cents={report.netProfitAfterRefunds} currency={currency} />
        <div className="kpi">
          <dt>Estimated (unsettled)</dt>
          <dd>{formatPercent(totals.estimatedShare ?? 0)}</dd>
        </div>
      </dl>
      {totals.forecast ? <ForecastNote forecast={totals.forecast} currency={currency} /> : null}
      <ProfitBridge steps={profitBridge(report, charged)} currency={currency} />
      {searched ? (
        <p className="alert alert-info" role="note">
          {sayNodes(
            'searchedTotals',
            { skus: { count: report.rows.length }, search: { text: report.search ?? '' } },
            { link: <Link href={wholeShopHref}>See the whole shop’s bottom line</Link> },
          )}
        </p>
      ) : null}
    </>
  );
}
