'use client';

import { PageHeading } from '@/components/app-shell/page-heading';
import { ExportButton } from '@/components/export-button/export-button';
import { EmptyState } from '@/components/states/empty-state';
import { ErrorState } from '@/components/states/error-state';
import { LoadingSkeleton } from '@/components/states/loading-skeleton';
import type { AllShops } from '@/lib/all-shops/all-shops';
import { formatDayRange } from '@/lib/format/time';
import { CostViewControls } from '@/components/cost-view/cost-view-controls';
import { useQuery } from '@tanstack/react-query';
import { fxRatesQueryOptions } from '@/lib/queries/options';
import { AllShopsControls } from './all-shops-controls';
import { AllShopsPnl } from './all-shops-pnl';
import { useViewState } from '@/lib/views/hooks';
import { allShopsView } from '@/lib/views/all-shops';
import { viewQuery } from '@/lib/views/view';
import { apiPath } from '@/lib/endpoints/client';
import { AllShopsTotals } from './all-shops-totals';
import { RatesCard } from './rates-card';
import { useViewer } from '@/components/app-shell/viewer';
import { ShopsTable } from './shops-table';
import { SkuRanking } from './sku-ranking';
import { useAllShopsQuery } from './use-all-shops-query';
import { leftOutShops } from './left-out';
import { say, sayNodes } from './messages';

function summary(p: AllShops): string {
  const ranges = [...new Set(p.shops.map((s) => formatDayRange(s.range.from, s.range.to)))];
  return say('summary', {
    shops: { count: p.shops.length },
    currency: { text: p.currency },
    ranges: { text: ranges.join(' / ') },
  });
}

function PartialNote({ allShops }: { allShops: AllShops }) {
  const syncing = allShops.shops.filter((s) => s.partial);
  if (syncing.length === 0) return null;
  return (
    <p className="alert alert-info" role="note">
      {sayNodes(
        'partialNote',
        {
          shops: {
            text: syncing
              .map((s) =>
                say('partialShop', {
                  shop: { text: s.shop.name },
                  stored: { count: s.coverage.daysStored },
                  total: { count: s.coverage.daysTotal },
                }),
              )
              .join(', '),
          },
        },
        { label: <strong>Partial figures:</strong> },
      )}
    </p>
  );
}

/** Every shop of the key over one range, in one currency, with the rates that convert them. */
export function AllShopsView() {
  const [view, setView] = useViewState(allShopsView);
  const apiQuery = viewQuery(allShopsView, view);
  const exportHref = (table: 'shops' | 'skus') => apiPath('GET exports/all-shops', undefined, { ...apiQuery, table });
  const query = useAllShopsQuery(apiQuery);
  const data = query.data;
  const incomplete = !data || data.shops.some((s) => s.partial && !s.missingRate);
  // The same query as the rates card (one fetch): a target the seller has rates into is offered too.
  const { seesProfit } = useViewer();
  const rates = useQuery({ ...fxRatesQueryOptions(), enabled: seesProfit }).data?.rates ?? [];
  const currencies = [...(data ? data.shops.map((s) => s.shop.currency) : []), ...rates.map((r) => r.target)];
  return (
    <>
      <section className="card page-card" aria-labelledby="all-shops-title">
        <PageHeading
          id="all-shops-title"
          title="All shops"
          summary={data ? summary(data) : undefined}
          actions={
            <>
              <ExportButton href={exportHref('shops')} label="Export shops CSV" disabled={incomplete} />
              {seesProfit ? (
                <ExportButton href={exportHref('skus')} label="Export SKUs CSV" disabled={incomplete} />
              ) : null}
            </>
          }
        />
        <AllShopsControls view={view} currencies={currencies} onChange={(change) => void setView(change)} />
        {seesProfit ? <CostViewControls /> : null}
        {seesProfit ? (
          <p className="muted note">
            Each shop’s figures are its SKU profit report over the range on its own calendar, each day converted at the
            rate in effect on that day (the rates used are shown beside each shop). Each row adds up: net profit of
            orders (their cost of goods and ad spend on SKUs and products inside it) + sample orders + refunds +
            whole-shop ad spend + other expenses = the bottom line. Refunds are daily totals: they count in each shop’s
            bottom line, not in any SKU.
          </p>
        ) : null}
        {query.isError && !data ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : !data ? (
          <LoadingSkeleton label="Loading every shop…" />
        ) : data.shops.length === 0 ? (
          <EmptyState title="No shops yet" reason="The configured app key has no active shop connected to it." />
        ) : (
          <>
            <PartialNote allShops={data} />
            {data.leftOut.length > 0 ? (
              <p className="alert alert-warning" role="note">
                {sayNodes(
                  'leftOutOfTotals',
                  { shops: { text: leftOutShops(data.leftOut, data.currency) } },
                  { label: <strong>Left out of the totals:</strong> },
                )}
              </p>
            ) : null}
            <AllShopsTotals allShops={data} />
            <ShopsTable allShops={data} stale={query.isPlaceholderData} />
            {seesProfit ? (
              <SkuRanking ranking={data.ranking} currency={data.currency} leftOut={data.leftOut.map((s) => s.name)} />
            ) : null}
          </>
        )}
      </section>
      {seesProfit ? <AllShopsPnl query={apiQuery} /> : null}
      {seesProfit ? (
        <RatesCard key={view.currency} target={view.currency} demoRateIds={data?.demoRateIds ?? []} />
      ) : null}
    </>
  );
}
