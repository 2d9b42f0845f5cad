'use client';

import { useMemo } from 'react';
import type { SortingState } from '@tanstack/react-table';
import { DataTable } from '@/components/data-table/data-table';
import { useServerTable } from '@/components/data-table/use-server-table';
import type { SkuSortKey } from '@/lib/reports/sort-keys';
import type { SkuReportWithForecast } from '@/lib/reports/settlement-apply';
import { SKU_OPTIONAL_COLUMNS, skuColumns } from './sku-columns';
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
  const columns = useMemo(() => skuColumns({ currency, forecast }), [currency, forecast]);
  const { visible, chooser } = useColumnChoice(columns, SKU_OPTIONAL_COLUMNS);
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
