'use client';

import { useMemo } from 'react';
import { useTable, type ColumnDef, type RowData, type SortingState } from '@tanstack/react-table';
import { dataTableFeatures, type DataTableFeatures } from './features';

export interface ServerTableOptions<TData extends RowData> {
  data: TData[];
  columns: ReadonlyArray<ColumnDef<DataTableFeatures, TData>>;
  getRowId: (row: TData) => string;
  /** 1-based page and page size, as the URL holds them. */
  page: number;
  limit: number;
  rowCount: number;
  sorting?: SortingState;
  onPageChange: (page: number, limit: number) => void;
  onSortingChange?: (sorting: SortingState) => void;
  canExpand?: boolean;
}

/**
 * A table whose state lives in the URL: pagination and sorting are controlled from the caller's
 * URL state and every change is handed back to it (which then fetches the page). Expansion is
 * left to TanStack's own model.
 */
export function useServerTable<TData extends RowData>(options: ServerTableOptions<TData>) {
  const { page, limit, sorting, onPageChange, onSortingChange } = options;
  const pagination = useMemo(() => ({ pageIndex: page - 1, pageSize: limit }), [page, limit]);
  const sortingState = useMemo(() => sorting ?? [], [sorting]);
  return useTable({
    features: dataTableFeatures,
    columns: options.columns,
    data: options.data,
    getRowId: options.getRowId,
    rowCount: options.rowCount,
    manualPagination: true,
    manualSorting: true,
    manualExpanding: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    // Only the columns the API can sort by opt in.
    defaultColumn: { enableSorting: false },
    getRowCanExpand: () => options.canExpand ?? false,
    state: { pagination, sorting: sortingState },
    onPaginationChange: (updater) => {
      const next = typeof updater === 'function' ? updater(pagination) : updater;
      onPageChange(next.pageIndex + 1, next.pageSize);
    },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sortingState) : updater;
      onSortingChange?.(next);
    },
  });
}

export type ServerTable<TData extends RowData> = ReturnType<typeof useServerTable<TData>>;
