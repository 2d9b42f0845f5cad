'use client';

import { Suspense, useCallback, useMemo, useState } from 'react';
import type { SortingState } from '@tanstack/react-table';
import { DataTable } from '@/components/data-table/data-table';
import { DataTablePagination } from '@/components/data-table/data-table-pagination';
import { PastLastPage } from '@/components/data-table/past-last-page';
import { useServerTable } from '@/components/data-table/use-server-table';
import { PageHeading } from '@/components/app-shell/page-heading';
import { ExportButton, syncingExportNote } from '@/components/export-button/export-button';
import { EmptyState } from '@/components/states/empty-state';
import { ErrorState } from '@/components/states/error-state';
import { WaitNotice } from '@/components/states/wait-notice';
import { LoadingSkeleton } from '@/components/states/loading-skeleton';
import { formatCountOf } from '@/lib/format/money';
import { formatDayRange } from '@/lib/format/time';
import { useOrdersQuery } from '@/lib/queries/use-orders-query';
import type { ConnectedShop, ViewOrigin } from '@/lib/api/schemas';
import { viewQuery, withoutPaging } from '@/lib/views/view';
import { toPageSize } from '@/lib/views/defaults';
import { ordersView, type OrderFilters } from '@/lib/views/orders';
import type { useOrdersViewState } from '@/lib/views/hooks';
import type { ExplainTarget } from './explain-dialog';
import { ORDER_OPTIONAL_COLUMNS, orderColumns } from './order-columns';
import { ColumnChooser } from '@/components/data-table/column-chooser';
import { useColumnChoice } from '@/components/data-table/use-column-choice';
import { LazyExplainDialog, LazyOrderPnlPanel, usePreloadOrderDetails } from './lazy-details';
import { toOrderRows, type OrderRow } from './order-rows';
import { orderCogs } from '@/lib/costs/order-cogs';
import { OrdersFilters } from './orders-filters';
import { useViewer } from '@/components/app-shell/viewer';
import { isProfitFigure, visibleFigureColumns, withHiddenCostsAsZero } from '@/lib/team/figures';
import { ViewSourceNote } from '@/components/sync/view-source-note';
import { useSyncRequest } from '@/components/sync/use-report-query';
import { LongReadAsk } from '@/components/sync/long-read-ask';
import { apiPath } from '@/lib/endpoints/client';
import { CostViewControls } from '@/components/cost-view/cost-view-controls';

type OrdersPanelProps = { shop: ConnectedShop } & ReturnType<typeof useOrdersViewState>;

const EMPTY: OrderRow[] = [];

export function OrdersPanel({ shop, view, setView, setFilters }: OrdersPanelProps) {
  const apiQuery = viewQuery(ordersView, view);
  const query = useOrdersQuery(shop.id, apiQuery);
  const longRead = useSyncRequest(shop.id, apiQuery, {
    needsSync: query.data?.needsSync === true && !query.isPlaceholderData,
    running: false,
  });
  const [explaining, setExplaining] = useState<{ subject: string; target: ExplainTarget } | null>(null);
  const onExplain = useCallback((subject: string, target: ExplainTarget) => setExplaining({ subject, target }), []);

  // Without costs and profit the server leaves them out; so do the columns and the P&L panel.
  const { seesProfit } = useViewer();
  usePreloadOrderDetails(seesProfit);
  const columns = useMemo(() => {
    const all = orderColumns({ currency: shop.currency, timeZone: shop.timezone, onExplain, seesProfit });
    // The expand column opens the order's P&L: it goes too.
    return seesProfit ? all : all.filter((c) => c.id !== 'expand' && !isProfitFigure(c.id ?? ''));
  }, [shop.currency, shop.timezone, onExplain, seesProfit]);
  const { visible, chooser } = useColumnChoice(columns, visibleFigureColumns(ORDER_OPTIONAL_COLUMNS, seesProfit));
  const rows = useMemo(
    () =>
      !query.data
        ? EMPTY
        : seesProfit
          ? toOrderRows(query.data.items, orderCogs(query.data.cogs, query.data.range.timeZone))
          : toOrderRows(query.data.items.map(withHiddenCostsAsZero)),
    [query.data, seesProfit],
  );
  const sorting = useMemo<SortingState>(() => [{ id: 'createTime', desc: view.sort === 'desc' }], [view.sort]);
  const table = useServerTable({
    data: rows,
    columns: visible,
    getRowId: (row) => row.order.id,
    page: view.page,
    limit: view.limit,
    rowCount: query.data?.pagination.total ?? 0,
    sorting,
    canExpand: seesProfit,
    onPageChange: (page, limit) => void setView({ page: limit === view.limit ? page : null, limit: toPageSize(limit) }),
    onSortingChange: (next) => void setView({ sort: next[0]?.desc === false ? 'asc' : 'desc', page: null }),
  });

  const { orderNumber, status, orderType, sampleOrder, name, productId, skuId, skuName } = view;
  const filters: OrderFilters = { orderNumber, status, orderType, sampleOrder, name, productId, skuId, skuName };
  const filtered = Object.values(filters).some((v) => v !== null);
  const range = query.data?.range;
  const exportHref = apiPath('GET shops/[shopId]/exports/orders', { shopId: shop.id }, withoutPaging(apiQuery));

  return (
    <section className="card page-card" aria-labelledby="orders-title">
      <PageHeading
        id="orders-title"
        title="Orders"
        summary={
          range ? (
            <>
              {formatDayRange(range.from, range.to)} · {range.timeZone} ·{' '}
              {formatCountOf(query.data?.pagination.total ?? 0, 'order')}
              <span className="page-summary-note">
                {' '}
                {seesProfit
                  ? 'Every order of the range is listed, cancelled and sample orders included; the overview and SKU profit leave them out of their totals, so their order counts are lower.'
                  : 'Every order of the range is listed, cancelled and sample orders included; the overview leaves them out of its totals, so its order count is lower.'}
              </span>
            </>
          ) : null
        }
        actions={
          <>
            <ColumnChooser {...chooser} />
            <ExportButton
              href={exportHref}
              label="Export CSV"
              disabled={!query.data}
              unavailable={exportUnavailable(query.data)}
              lineNote="one row per product line"
            />
          </>
        }
      />
      <OrdersFilters filters={filters} onApply={(f) => void setFilters(f)} />
      {seesProfit ? <CostViewControls /> : null}
      {query.data ? <ViewSourceNote origin={query.data} timeZone={query.data.range.timeZone} noun="orders" /> : null}
      <LongReadAsk ask={longRead} />
      {query.isError ? null : <WaitNotice fetching={query.isFetching} failureCount={query.failureCount} />}
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <LoadingSkeleton label="Loading orders…" rows={Math.min(view.limit, 10)} />
      ) : rows.length === 0 && (query.data?.pagination.total ?? 0) > 0 ? (
        <PastLastPage
          page={view.page}
          limit={view.limit}
          total={query.data?.pagination.total ?? 0}
          noun="orders"
          onGoTo={(page) => void setView({ page })}
        />
      ) : rows.length === 0 ? (
        <EmptyState
          title="No orders"
          reason={
            <>
              No paid orders were created in {range ? formatDayRange(range.from, range.to) : 'this period'}
              {filtered ? ' that match these filters' : ''}.
            </>
          }
          action={
            filtered ? (
              <button type="button" className="btn" onClick={() => void setFilters({})}>
                Clear filters
              </button>
            ) : null
          }
        />
      ) : (
        <>
          <DataTable
            table={table}
            caption="Orders"
            stale={query.isPlaceholderData}
            renderExpanded={(row) =>
              !seesProfit ? null : (
                <Suspense fallback={<LoadingSkeleton label="Loading the order’s products…" rows={2} />}>
                  <LazyOrderPnlPanel
                    order={row.original.order}
                    profit={row.original.profit}
                    currency={shop.currency}
                    onExplain={onExplain}
                  />
                </Suspense>
              )
            }
          />
          <DataTablePagination table={table} noun="orders" />
        </>
      )}
      {explaining ? (
        <Suspense fallback={null}>
          <LazyExplainDialog
            subject={explaining.subject}
            target={explaining.target}
            currency={shop.currency}
            onClose={() => setExplaining(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/** The export is the whole range from the store: until the list comes from there, say why it waits. */
function exportUnavailable(data: ViewOrigin | undefined): string | null {
  if (!data || data.source === 'store') return null;
  return data.coverage
    ? syncingExportNote(data.coverage.daysStored, data.coverage.daysTotal)
    : 'Export available once this range is synced.';
}
