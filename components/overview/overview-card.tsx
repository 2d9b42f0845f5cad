'use client';

import { useCallback } from 'react';
import { LazyProfitChart } from '@/components/charts/lazy-charts';
import { PageHeading } from '@/components/app-shell/page-heading';
import { ReportFrame } from '@/components/sync/report-frame';
import { useReportQuery } from '@/components/sync/use-report-query';
import type { ConnectedShop } from '@/lib/api/schemas';
import { formatShopDateTime } from '@/lib/time/dates';
import type { OverviewWithForecast } from '@/lib/reports/settlement-apply';
import { useViewState } from '@/lib/views/hooks';
import { overviewView } from '@/lib/views/overview';
import { viewQuery } from '@/lib/views/view';
import { KpiCards } from './kpi-cards';
import { NoOrders } from './no-orders';
import { partialDayOf, unreadRuns } from '@/lib/format/partial-day';
import { say } from './messages';
import { TopSkus } from './top-skus';
import { useViewer } from '@/components/app-shell/viewer';
import { CostSourcesNote } from './cost-sources-note';
import { ProfitBridge } from '@/components/bridge/profit-bridge';
import { PeriodTilesRow } from './period-tiles';
import { GettingStarted } from './getting-started';
import { OverviewNote } from './overview-note';
import { CostViewControls } from '@/components/cost-view/cost-view-controls';
import { ForecastNote } from '@/components/forecast/forecast-figures';
import { ForecastSwitch } from '@/components/forecast/forecast-switch';

export function OverviewCard({ shop }: { shop: ConnectedShop }) {
  const { seesProfit } = useViewer();
  const [view, setView] = useViewState(overviewView);
  const apiQuery = viewQuery(overviewView, view);
  const query = useReportQuery<OverviewWithForecast>('overview', shop.id, apiQuery);
  const data = query.data;
  const report = data?.report ?? null;
  const partialDay = data ? partialDayOf(data.range) : null;
  const { refetch } = query;
  const refetchOverview = useCallback(() => void refetch(), [refetch]);
  return (
    <section className="card page-card" aria-labelledby="overview-title">
      <PageHeading
        id="overview-title"
        title="Overview"
        summary={
          data && report
            ? say(report.previousUntil !== null ? 'comparedWithUntil' : 'comparedWith', {
                range: { days: data.range },
                zone: { text: data.range.timeZone },
                previous: { days: report.previousRange },
                time: {
                  text:
                    report.previousUntil === null
                      ? ''
                      : formatShopDateTime(report.previousUntil, data.range.timeZone).slice(11),
                },
              })
            : undefined
        }
      />
      {seesProfit ? (
        <>
          <CostViewControls allocation />
          <div className="filters filters-center">
            <ForecastSwitch
              on={view.forecast === 'on'}
              onChange={(on) => void setView({ forecast: on ? 'on' : 'off' })}
            />
          </div>
        </>
      ) : null}
      <GettingStarted shopId={shop.id} firstReadDone={data?.coverage.complete ?? false} />
      <PeriodTilesRow shop={shop} query={apiQuery} storedDays={data?.coverage.daysStored} onStored={refetchOverview} />
      <ReportFrame
        query={query}
        what="the overview"
        isEmpty={(r) => r.kpis.orders.value === 0 && r.kpis.refunds.value === 0}
        empty={(d) => <NoOrders range={d.range} />}
      >
        {(report) => {
          const unread = unreadRuns(report.series, shop.timezone);
          return (
            <>
              <KpiCards
                kpis={report.kpis}
                currency={shop.currency}
                previousCovered={report.previousCovered}
                sampleCost={report.switches.includeSamples ? null : (report.sampleCost ?? null)}
                withCosts={report.costs === 'mine'}
                seesProfit={seesProfit}
                forecast={report.kpis.netProfit?.forecast}
              />
              {report.kpis.netProfit?.forecast ? (
                <ForecastNote forecast={report.kpis.netProfit.forecast} currency={shop.currency} />
              ) : null}
              {seesProfit && report.profitBridge ? (
                <ProfitBridge steps={report.profitBridge} currency={shop.currency} />
              ) : null}
              {seesProfit ? (
                <CostSourcesNote sources={report.sources} costs={report.costs} currency={shop.currency} />
              ) : null}
              <OverviewNote estimatedShare={seesProfit ? report.estimatedShare : null} seesProfit={seesProfit} />
              {/* The chart and the SKU rankings are about profit: left out without costs and profit. */}
              {seesProfit ? (
                <>
                  <figure className="chart-figure" aria-label="Daily net sales and net profit">
                    <LazyProfitChart
                      series={report.series}
                      currency={shop.currency}
                      partialDay={partialDay}
                      unread={unread}
                    />
                    <figcaption>
                      <ul className="legend">
                        <li>
                          <span className="swatch swatch-chart-1" aria-hidden="true" /> Net sales
                        </li>
                        <li>
                          <span className="swatch swatch-chart-3" aria-hidden="true" /> Net profit
                        </li>
                        {unread.length > 0 ? (
                          <li>
                            <span className="swatch swatch-unread" aria-hidden="true" /> Shaded: days not read yet (no
                            line until they are stored)
                          </li>
                        ) : null}
                        {partialDay ? (
                          <li>
                            <span className="swatch swatch-dashed" aria-hidden="true" /> Dashed: today so far (the day
                            is not over)
                          </li>
                        ) : null}
                      </ul>
                    </figcaption>
                  </figure>
                  <div className="top-skus-row">
                    <TopSkus
                      title="Top 5 SKUs"
                      rows={report.top}
                      currency={shop.currency}
                      empty="No profitable SKU in this range."
                    />
                    <TopSkus
                      title="Bottom 5 SKUs"
                      rows={report.bottom}
                      currency={shop.currency}
                      empty="No other SKU in this range."
                    />
                  </div>
                </>
              ) : null}
            </>
          );
        }}
      </ReportFrame>
    </section>
  );
}
