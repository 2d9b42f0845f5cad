'use client';

import type { Column, RowData } from '@tanstack/react-table';
import type { DataTableFeatures } from './features';

/** How each direction reads to a person: dates are newest/oldest, figures highest/lowest. */
export interface SortWords {
  desc: string;
  asc: string;
}

export const DATE_SORT_WORDS: SortWords = { desc: 'newest first', asc: 'oldest first' };
export const FIGURE_SORT_WORDS: SortWords = { desc: 'highest first', asc: 'lowest first' };

export interface SortableHeaderProps<TData extends RowData, TValue> {
  column: Column<DataTableFeatures, TData, TValue>;
  title: string;
  words?: SortWords;
}

/** A header button that flips the sort (descending first); the arrow and the <th>'s aria-sort say which way. */
export function SortableHeader<TData extends RowData, TValue>({
  column,
  title,
  words = DATE_SORT_WORDS,
}: SortableHeaderProps<TData, TValue>) {
  const sorted = column.getIsSorted();
  const state = sorted === 'desc' ? `, sorted ${words.desc}` : sorted === 'asc' ? `, sorted ${words.asc}` : '';
  return (
    <button
      type="button"
      className="sort-button"
      onClick={() => column.toggleSorting(sorted !== 'desc')}
      aria-label={`${title}${state}. Sort ${sorted === 'desc' ? words.asc : words.desc}`}
    >
      {title}
      <span aria-hidden="true" className="sort-arrow">
        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
      </span>
    </button>
  );
}
