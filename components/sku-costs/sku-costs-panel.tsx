'use client';

import { Suspense, useMemo } from 'react';
import { useViewer } from '@/components/app-shell/viewer';
import { SaveNotice } from '@/components/your-costs/save-notice';
import { allows } from '@/lib/team/roles';
import { DataTablePagination } from '@/components/data-table/data-table-pagination';
import { PastLastPage } from '@/components/data-table/past-last-page';
import { useServerTable } from '@/components/data-table/use-server-table';
import { PageHeading } from '@/components/app-shell/page-heading';
import { ExportButton } from '@/components/export-button/export-button';
import { EmptyState } from '@/components/states/empty-state';
import { ErrorState } from '@/components/states/error-state';
import { WaitNotice } from '@/components/states/wait-notice';
import { LoadingSkeleton } from '@/components/states/loading-skeleton';
import type { ConnectedShop } from '@/lib/api/schemas';
import { useProductsQuery } from '@/lib/queries/use-products-query';
import { viewQuery, withoutPaging } from '@/lib/views/view';
import { toPageSize } from '@/lib/views/defaults';
import { skuCostsView, type ProductFilters } from '@/lib/views/sku-costs';
import type { useSkuCostsViewState } from '@/lib/views/hooks';
import { SKU_COST_OPTIONAL_COLUMNS, skuCostColumns } from './sku-cost-columns';
import { ColumnChooser } from '@/components/data-table/column-chooser';
import { useColumnChoice } from '@/components/data-table/use-column-choice';
import { ProductsFilters } from './products-filters';
import { toSkuCostRows, type SkuCostRow } from './sku-cost-rows';
import { LazyCogsImportDialog, usePreloadUnitCostEdits } from './lazy-edits';
import { SkuCostsTable } from './sku-costs-table';
import { useUnitCostEditing } from './use-unit-cost-editing';
import { apiPath } from '@/lib/endpoints/client';
import { say } from './messages';

type SkuCostsPanelProps = { shop: ConnectedShop } & ReturnType<typeof useSkuCostsViewState>;
const EMPTY: SkuCostRow[] = [];

export function SkuCostsPanel({ shop, view, setView, setFilters }: SkuCostsPanelProps) {
  const { page, limit, name, productId, skuName, skuId } = view;
  const filters: ProductFilters = { name, productId, skuName, skuId };
  const apiQuery = viewQuery(skuCostsView, view);
  const query = useProductsQuery(shop.id, apiQuery);
  const viewer = useViewer();
  const canEdit = allows(viewer, 'edit-costs');
  usePreloadUnitCostEdits(canEdit);
  const edit = useUnitCostEditing();
  const { editing, open: onEdit } = edit;
  const columns = useMemo(
    () => skuCostColumns({ currency: shop.currency, onEdit: canEdit ? onEdit : undefined }),
    [shop.currency, onEdit, canEdit],
  );
  const { visible, chooser } = useColumnChoice(columns, SKU_COST_OPTIONAL_COLUMNS);
  const cogs = query.data?.cogs;
  const rows = useMemo(() => (query.data ? toSkuCostRows(query.data.items, cogs) : EMPTY), [query.data, cogs]);
  const table = useServerTable({
    data: rows,
    columns: visible,
    canExpand: true,
    getRowId: (row) => row.key,
    page,
    limit,
    rowCount: query.data?.pagination.total ?? 0,
    onPageChange: (next, size) => void setView({ page: size === limit ? next : null, limit: toPageSize(size) }),
  });
  const filtered = Object.values(filters).some((v) => v !== null);
  const exportHref = apiPath('GET shops/[shopId]/exports/products', { shopId: shop.id }, withoutPaging(apiQuery));

  return (
    <section className="card page-card" aria-labelledby="sku-costs-title">
      <PageHeading
        id="sku-costs-title"
        title="SKU costs"
        summary={
          <>
            {say('summary', { currency: { text: shop.currency } })}
            {query.data ? (
              <>
                {' '}
                {say('summaryCounts', {
                  products: { count: query.data.pagination.total },
                  shown: { count: query.data.items.length },
                  skus: { count: rows.length },
                })}
              </>
            ) : null}
          </>
        }
        actions={
          <>
            {canEdit ? (
              <button type="button" className="btn" onClick={edit.openImport}>
                Import unit costs (CSV)
              </button>
            ) : null}
            <ColumnChooser {...chooser} />
            <ExportButton href={exportHref} label="Export CSV" disabled={!query.data} lineNote="one row per SKU" />
          </>
        }
      />
      <SaveNotice notice={edit.notice} currency={shop.currency} onDismiss={edit.dismiss} />
      {edit.importing ? (
        <Suspense fallback={null}>
          <LazyCogsImportDialog
            shopId={shop.id}
            currency={shop.currency}
            onSaved={edit.saved}
            onClose={edit.closeImport}
          />
        </Suspense>
      ) : null}
      <ProductsFilters filters={filters} onApply={(f) => void setFilters(f)} />
      {query.isError ? null : <WaitNotice fetching={query.isFetching} failureCount={query.failureCount} />}
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <LoadingSkeleton label="Loading products…" />
      ) : rows.length === 0 && (query.data?.pagination.total ?? 0) > 0 ? (
        <PastLastPage
          page={page}
          limit={limit}
          total={query.data?.pagination.total ?? 0}
          noun="products"
          onGoTo={(next) => void setView({ page: next })}
        />
      ) : rows.length === 0 ? (
        <EmptyState
          title="No products"
          reason={
            filtered
              ? 'No product of this shop matches these filters.'
              : 'This shop has no products in its catalog yet.'
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
          <SkuCostsTable
            table={table}
            shop={shop}
            stale={query.isPlaceholderData}
            editing={canEdit ? editing : null}
            today={cogs?.today ?? null}
            onSaved={edit.saved}
            onCancel={edit.close}
          />
          <DataTablePagination table={table} noun="products" />
        </>
      )}
    </section>
  );
}
