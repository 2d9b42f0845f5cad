'use client';

import { PageHeading } from '@/components/app-shell/page-heading';
import { ExportButton, partialExportNote } from '@/components/export-button/export-button';
import { ReportFrame } from '@/components/sync/report-frame';
import { useReportQuery } from '@/components/sync/use-report-query';
import type { ConnectedShop } from '@/lib/api/schemas';
import { formatRangeInZone } from '@/lib/format/time';
import type { SettlementData } from '@/lib/reports/settlement-report';
import { useViewState } from '@/lib/views/hooks';
import { settlementView } from '@/lib/views/settlement';
import { viewQuery } from '@/lib/views/view';
import { apiPath } from '@/lib/endpoints/client';
import { SettlementCheckButton } from './settlement-check';
import { SkuSearch } from '@/components/sku-profit/sku-search';
import { SettlementSections } from './settlement-sections';

/** How far to trust "estimated": what settlement changed on this shop's own orders, and what to expect. */
export function SettlementCard({ shop }: { shop: ConnectedShop }) {
  const [view, setView] = useViewState(settlementView);
  const apiQuery = viewQuery(settlementView, view);
  const query = useReportQuery<SettlementData>('settlement', shop.id, apiQuery);
  const data = query.data;
  const report = data?.report ?? null;

  return (
    <section className="card page-card" aria-labelledby="settlement-title">
      <PageHeading
        id="settlement-title"
        title="Settlement"
        summary={data ? formatRangeInZone(data.range) : undefined}
        actions={
          <>
            <ExportButton
              href={apiPath('GET shops/[shopId]/exports/settlement', { shopId: shop.id }, apiQuery)}
              label="Export CSV"
              disabled={!report}
              unavailable={partialExportNote(data)}
            />
            <SettlementCheckButton shopId={shop.id} />
          </>
        }
      />
      <p className="muted note">
        Until an order settles, its profit is an estimate: platform fees, shipping and affiliate commission may still
        change at settlement. We measure how far they moved on your own orders, seen first estimated and then settled,
        and from that expect how your open orders will settle.
      </p>
      <div className="filters filters-center">
        <SkuSearch id="settlement-search" search={view.q} onSearch={(q) => void setView({ q })} />
      </div>
      {view.q ? (
        <p className="muted note">
          The search narrows the SKU tables, the orders and the forecast; “How estimates moved” stays the whole shop’s.
        </p>
      ) : null}
      <ReportFrame query={query} what="settlement">
        {(report, envelope) => (
          <SettlementSections
            report={report}
            shopId={shop.id}
            currency={shop.currency}
            timeZone={envelope.range.timeZone}
            search={view.q}
          />
        )}
      </ReportFrame>
    </section>
  );
}
