'use client';

import type { Column, RowData } from '@tanstack/react-table';
import type { DataTableFeatures } from './features';

export interface SortableHeaderProps<TData extends RowData, TValue> {
  column: Column<DataTableFeatures, TData, TValue>;
  title: string;
}

/** A header button that flips the sort; the arrow and the <th>'s aria-sort say which way. */
export function SortableHeader<TData extends RowData, TValue>({ column, title }: SortableHeaderProps<TData, TValue>) {
  const sorted = column.getIsSorted();
  const next = sorted === 'desc' ? 'oldest first' : 'newest first';
  return (
    <button
      type="button"
      className="sort-button"
      onClick={() => column.toggleSorting(sorted !== 'desc')}
      aria-label={`${title}, sorted ${sorted === 'asc' ? 'oldest first' : 'newest first'}. Sort ${next}`}
    >
      {title}
      <span aria-hidden="true" className="sort-arrow">
        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
      </span>
    </button>
  );
}
