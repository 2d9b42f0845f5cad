'use client';

import type { Column, RowData } from '@tanstack/react-table';
import type { DataTableFeatures } from '@/components/data-table/features';

export interface SkuSortHeaderProps<TData extends RowData, TValue> {
  column: Column<DataTableFeatures, TData, TValue>;
  title: string;
}

/** A header button for figures: highest first, then lowest first; aria-sort on the <th> says which. */
export function SkuSortHeader<TData extends RowData, TValue>({ column, title }: SkuSortHeaderProps<TData, TValue>) {
  const sorted = column.getIsSorted();
  return (
    <button
      type="button"
      className="sort-button"
      onClick={() => column.toggleSorting(sorted !== 'desc')}
      aria-label={`Sort by ${title}, ${sorted === 'desc' ? 'lowest' : 'highest'} first`}
    >
      {title}
      <span aria-hidden="true" className="sort-arrow">
        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
      </span>
    </button>
  );
}
