'use client';

import { useMemo } from 'react';
import { LazyRefundsChart } from '@/components/charts/lazy-charts';
import { PageHeading } from '@/components/app-shell/page-heading';
import { ExportButton } from '@/components/export-button/export-button';
import { EmptyState } from '@/components/states/empty-state';
import { ErrorState } from '@/components/states/error-state';
import { WaitNotice } from '@/components/states/wait-notice';
import { LoadingSkeleton } from '@/components/states/loading-skeleton';
import type { ConnectedShop } from '@/lib/api/schemas';
import { useRefundsQuery } from '@/lib/queries/use-refunds-query';
import { ViewSourceNote } from '@/components/sync/view-source-note';
import { useSyncRequest } from '@/components/sync/use-report-query';
import { LongReadAsk } from '@/components/sync/long-read-ask';
import { useViewState } from '@/lib/views/hooks';
import { refundsView } from '@/lib/views/refunds';
import { viewQuery } from '@/lib/views/view';
import { say } from './messages';
import { activeCategories, refundCategoriesFor, toChartDays } from './refund-categories';
import { useViewer } from '@/components/app-shell/viewer';
import { RefundDaysTable } from './refund-days-table';
import { RefundTotals } from './refund-totals';
import { apiPath } from '@/lib/endpoints/client';
import { partialDayOf } from '@/lib/format/partial-day';
import { SALES_REFUNDS_LABEL } from '@/lib/format/refund-labels';

export function RefundsCard({ shop }: { shop: ConnectedShop }) {
  const [view] = useViewState(refundsView);
  const apiQuery = viewQuery(refundsView, view);
  const query = useRefundsQuery(shop.id, apiQuery);
  const longRead = useSyncRequest(shop.id, apiQuery, { needsSync: query.data?.needsSync === true, running: false });
  const { seesProfit } = useViewer();
  const shown = refundCategoriesFor(seesProfit);
  const days = useMemo(() => (query.data ? toChartDays(query.data.items, shown) : []), [query.data, shown]);
  const categories = useMemo(() => activeCategories(days, shown), [days, shown]);
  const range = query.data?.range;
  const partialDay = range ? partialDayOf(range) : null;
  const exportHref = apiPath('GET shops/[shopId]/exports/refunds', { shopId: shop.id }, apiQuery);

  return (
    <section className="card page-card" aria-labelledby="refunds-title">
      <PageHeading
        id="refunds-title"
        title="Refunds"
        summary={
          range ? say('summary', { range: { days: range }, zone: { text: range.timeZone } }) : say('summaryNoRange')
        }
        actions={<ExportButton href={exportHref} label="Export CSV" disabled={!query.data} />}
      />
      {query.data ? (
        <ViewSourceNote origin={query.data} timeZone={query.data.range.timeZone} noun="refund days" />
      ) : null}
      <LongReadAsk ask={longRead} />
      {query.isError ? null : <WaitNotice fetching={query.isFetching} failureCount={query.failureCount} />}
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <LoadingSkeleton label="Loading refunds…" />
      ) : categories.length === 0 ? (
        <EmptyState
          title="No refunds"
          reason={range ? say('noRefunds', { range: { days: range } }) : say('noRefundsNoRange')}
        />
      ) : (
        <>
          <RefundTotals
            totals={query.data.totals}
            days={days}
            categories={shown}
            label={seesProfit ? 'Refund cost' : SALES_REFUNDS_LABEL}
            currency={shop.currency}
          />
          <figure className="chart-figure">
            <LazyRefundsChart days={days} categories={categories} currency={shop.currency} partialDay={partialDay} />
            <figcaption>
              <ul className="legend" aria-label="Categories">
                {categories.map((c) => (
                  <li key={c.key}>
                    <span className={`swatch swatch${c.colorVar.replace('--', '-')}`} aria-hidden="true" />
                    {c.label}
                  </li>
                ))}
                <li>
                  <span className="swatch swatch-line" aria-hidden="true" />
                  Daily total
                </li>
                {partialDay ? (
                  <li>
                    <span className="swatch swatch-dashed" aria-hidden="true" />
                    Faded and dashed: today so far (the day is not over)
                  </li>
                ) : null}
              </ul>
            </figcaption>
          </figure>
          <RefundDaysTable days={days} categories={categories} currency={shop.currency} partialDay={partialDay} />
        </>
      )}
    </section>
  );
}
