'use client';

import { useMemo } from 'react';
import type { SortingState } from '@tanstack/react-table';
import { DataTable } from '@/components/data-table/data-table';
import { useServerTable } from '@/components/data-table/use-server-table';
import type { SkuSortKey } from '@/lib/reports/sort-keys';
import type { SkuReportWithForecast } from '@/lib/reports/settlement-apply';
import { skuColumns, skuOptionalColumns } from './sku-columns';
import { useCostKindWords } from '@/components/app-shell/cost-kind-words';
import { ColumnChooser } from '@/components/data-table/column-chooser';
import { useColumnChoice } from '@/components/data-table/use-column-choice';

export interface SkuTableProps {
  rows: SkuReportWithForecast['rows'];
  currency: string;
  /** Show the expected settled net profit column (`forecast=on`). */
  forecast?: boolean;
  sort: SkuSortKey;
  dir: 'asc' | 'desc';
  onSort: (sort: SkuSortKey, dir: 'asc' | 'desc') => void;
  stale?: boolean;
}

/** Every SKU of the range on one page (a shop has hundreds, not millions); the server sorts. */
export function SkuTable({ rows, currency, forecast = false, sort, dir, onSort, stale }: SkuTableProps) {
  const { charged } = useCostKindWords();
  const columns = useMemo(() => skuColumns({ currency, charged, forecast }), [currency, charged, forecast]);
  const optional = useMemo(() => skuOptionalColumns(charged), [charged]);
  const { visible, chooser } = useColumnChoice(columns, optional);
  const sorting = useMemo<SortingState>(() => [{ id: sort, desc: dir === 'desc' }], [sort, dir]);
  const table = useServerTable({
    data: rows,
    columns: visible,
    canExpand: true,
    getRowId: (r) => r.skuId,
    page: 1,
    limit: Math.max(rows.length, 1),
    rowCount: rows.length,
    sorting,
    onPageChange: () => undefined,
    onSortingChange: (next) => {
      const first = next[0];
      if (first) onSort(first.id as SkuSortKey, first.desc ? 'desc' : 'asc');
    },
  });
  return (
    <>
      <div className="table-tools">
        <ColumnChooser {...chooser} />
      </div>
      <DataTable table={table} caption="Profit per SKU" stale={stale} />
    </>
  );
}
