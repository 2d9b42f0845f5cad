'use client';

import { PageHeading } from '@/components/app-shell/page-heading';
import { ExportButton, partialExportNote } from '@/components/export-button/export-button';
import { EmptyState } from '@/components/states/empty-state';
import { ReportFrame } from '@/components/sync/report-frame';
import { useReportQuery } from '@/components/sync/use-report-query';
import type { ConnectedShop } from '@/lib/api/schemas';
import { formatRangeInZone } from '@/lib/format/time';
import type { SkuReportWithForecast } from '@/lib/reports/settlement-apply';
import { LossFinder } from './loss-finder';
import { SkuControls } from './sku-controls';
import { SkuTable } from './sku-table';
import { SkuTotals } from './sku-totals';
import { useViewState } from '@/lib/views/hooks';
import { skuProfitView } from '@/lib/views/sku-profit';
import { pageLink, viewQuery } from '@/lib/views/view';
import { pricingView } from '@/lib/views/pricing';
import Link from 'next/link';
import { CostViewControls } from '@/components/cost-view/cost-view-controls';
import { apiPath } from '@/lib/endpoints/client';
import { say } from './messages';

export function SkuProfitCard({ shop }: { shop: ConnectedShop }) {
  const [view, setView] = useViewState(skuProfitView);
  const apiQuery = viewQuery(skuProfitView, view);
  const query = useReportQuery<SkuReportWithForecast>('sku-profit', shop.id, apiQuery);
  const data = query.data;
  const report = data?.report ?? null;
  const exportHref = apiPath('GET shops/[shopId]/exports/sku-profit', { shopId: shop.id }, apiQuery);
  // The Pricing page over the same range (and search): from a SKU's profit to its prices.
  const pricingHref = (q: string | null) =>
    pageLink(pricingView)('/pricing', { shop: shop.id, range: view.range, from: view.from, to: view.to, q });

  return (
    <section className="card page-card" aria-labelledby="sku-profit-title">
      <PageHeading
        id="sku-profit-title"
        title="SKU profit"
        summary={data ? formatRangeInZone(data.range) : undefined}
        actions={
          <ExportButton href={exportHref} label="Export CSV" disabled={!report} unavailable={partialExportNote(data)} />
        }
      />
      <SkuControls
        search={view.q}
        cancelled={view.cancelled}
        samples={view.samples}
        forecast={view.forecast}
        onSearch={(q) => void setView({ q })}
        onSwitch={(change) => void setView(change)}
      />
      <CostViewControls allocation />
      <p className="muted note">
        Order lines counts the product lines of orders that carry the SKU (the Reporting Service gives no quantity);
        Est. units is their gross sales divided by the SKU’s catalog price. Refunds are daily totals and are not
        attributed to SKUs: they appear in the whole shop’s totals, not in the rows.
        {report?.costs === 'mine'
          ? report.allocated
            ? ' Your whole-shop ad spend and expenses are allocated to the SKUs by their share of net sales (the “Allocated shop costs” column).'
            : view.q
              ? ' Your ad spend on a SKU or product is in its net profit.'
              : ' Your ad spend on a SKU or product is in its net profit; whole-shop ad spend and other expenses are in the totals.'
          : report
            ? ' Showing the service’s figures only: your costs are not counted.'
            : null}{' '}
        <Link href={pricingHref(view.q)}>Break-even prices and what-if for these SKUs</Link>
      </p>
      <ReportFrame
        query={query}
        what="SKU profit"
        isEmpty={(r) => r.rows.length === 0 && !view.q}
        empty={(d) => (
          <EmptyState
            title="No sales in this range"
            reason={say('noOrders', { range: { days: { from: d.range.from, to: d.range.to } } })}
          />
        )}
      >
        {(report, envelope) => (
          <>
            <SkuTotals
              report={report}
              currency={shop.currency}
              wholeShopHref={pageLink(skuProfitView)('/sku-profit', { ...view, shop: shop.id, q: null })}
            />
            <LossFinder losses={report.losses} currency={shop.currency} pricingHref={pricingHref} />
            {report.rows.length === 0 ? (
              <EmptyState
                title="No SKU matches"
                reason={`No SKU matches “${view.q}”${envelope.partial ? ' in the days read so far' : ''}.`}
              />
            ) : (
              <SkuTable
                rows={report.rows}
                currency={shop.currency}
                sort={view.sort}
                dir={view.dir}
                forecast={report.totals.forecast !== undefined}
                onSort={(sort, dir) => void setView({ sort, dir })}
                stale={query.isPlaceholderData}
              />
            )}
            <p className="muted note">
              <span className="estimate-mark">*</span> includes unsettled or draft orders: their fees may still change
              at settlement.
            </p>
          </>
        )}
      </ReportFrame>
    </section>
  );
}
