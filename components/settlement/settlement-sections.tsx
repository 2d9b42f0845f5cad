'use client';

import type { ReactNode } from 'react';
import { EmptyState } from '@/components/states/empty-state';
import { formatShopTime } from '@/lib/format/time';
import type { SettlementData } from '@/lib/reports/settlement-report';
import { Backtest } from './backtest';
import { DriftOverview } from './drift-overview';
import { say } from './messages';
import { MovedOrders } from './moved-orders';
import { OpenForecast } from './open-forecast';
import { SkuDriftTable } from './sku-drift-table';

export interface SettlementSectionsProps {
  report: SettlementData;
  shopId: string;
  currency: string;
  timeZone: string;
  search: string | null;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card settle-section">
      <h2 id={id} className="subheading">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The report's five parts: what moved, per SKU, the orders to dispute, the forecast and its backtest. */
export function SettlementSections({ report, shopId, currency, timeZone, search }: SettlementSectionsProps) {
  const { observed, forecast } = report;
  const noSku = search ? `No SKU matches “${search}”.` : null;
  return (
    <>
      <Section id="settle-moved-title" title="How estimates moved">
        {report.snapshotsSince === null ? (
          <p className="alert alert-info" role="note">
            Changes at settlement are measured from the next sync on: this store had not kept orders’ estimates before.
          </p>
        ) : observed.overall.orders === 0 ? (
          <EmptyState
            title="No order of this range has settled yet"
            reason={say('keptSince', {
              time: { text: formatShopTime(Math.floor(report.snapshotsSince / 1000), timeZone) },
            })}
          />
        ) : (
          <DriftOverview overall={observed.overall} currency={currency} />
        )}
      </Section>
      <Section id="settle-sku-title" title="By SKU">
        {report.expected.skus.length === 0 && observed.skus.length === 0 ? (
          <p className="muted note">{noSku ?? 'No SKU sold in this range or the days it learns from.'}</p>
        ) : (
          <>
            <SkuDriftTable report={report} currency={currency} />
            <p className="muted note">{say('changeExplained', { range: { days: report.learnedFrom } })}</p>
          </>
        )}
      </Section>
      <Section id="settle-top-title" title="Orders that moved most">
        {observed.top.length === 0 ? (
          <p className="muted note">
            {noSku ?? 'No order of this range has been seen both estimated and settled yet.'}
          </p>
        ) : (
          <>
            <p className="muted note">Candidates to dispute with the platform: open one to see how each line moved.</p>
            <MovedOrders report={report} shopId={shopId} currency={currency} />
          </>
        )}
      </Section>
      <Section id="settle-forecast-title" title="Open orders: expected settled profit (forecast)">
        {forecast.rows.length === 0 ? (
          <p className="muted note">{noSku ?? 'No open order in this range: every order is settled.'}</p>
        ) : (
          <>
            <OpenForecast report={report} currency={currency} />
            <p className="muted note">
              A forecast, not a figure of the platform: each SKU’s estimate plus its expected change at settlement
              (learned as “By SKU” says). The band applies the spread of single orders to the whole sum, so it is wide
              on purpose.
            </p>
          </>
        )}
      </Section>
      <Section id="settle-backtest-title" title="Backtest">
        <Backtest report={report} currency={currency} />
      </Section>
    </>
  );
}
