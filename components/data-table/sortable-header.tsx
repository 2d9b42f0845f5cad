'use client';

import type { Column, RowData } from '@tanstack/react-table';
import type { DataTableFeatures } from './features';

/** How each direction reads to a person: dates are newest/oldest, figures highest/lowest. */
export interface SortWords {
  desc: string;
  asc: string;
}

const DATE_SORT_WORDS: SortWords = { desc: 'newest first', asc: 'oldest first' };
export const FIGURE_SORT_WORDS: SortWords = { desc: 'highest first', asc: 'lowest first' };
export const TEXT_SORT_WORDS: SortWords = { desc: 'Z to A', asc: 'A to Z' };
/** Costs are negative figures: ascending puts the largest cost first. */
export const COST_SORT_WORDS: SortWords = { desc: 'smallest cost first', asc: 'largest cost first' };
/** Discounts are negative too, but they are not costs: ascending puts the deepest discount first. */
export const DISCOUNT_SORT_WORDS: SortWords = { desc: 'smallest discount first', asc: 'deepest discount first' };

export interface SortableHeaderProps<TData extends RowData, TValue> {
  column: Column<DataTableFeatures, TData, TValue>;
  title: string;
  words?: SortWords;
  /**
   * The direction of the first click. Figures start highest first; names start A to Z and costs
   * (negative) largest first, which is what a seller looks for when clicking them.
   */
  first?: 'desc' | 'asc';
}

/** A header button that sorts (`first` way first, then flips); the arrow and the <th>'s aria-sort say which way. */
export function SortableHeader<TData extends RowData, TValue>({
  column,
  title,
  words = DATE_SORT_WORDS,
  first = 'desc',
}: SortableHeaderProps<TData, TValue>) {
  const sorted = column.getIsSorted();
  const next = sorted === false ? first : sorted === 'desc' ? 'asc' : 'desc';
  const state = sorted === 'desc' ? `, sorted ${words.desc}` : sorted === 'asc' ? `, sorted ${words.asc}` : '';
  return (
    <button
      type="button"
      className="sort-button"
      onClick={() => column.toggleSorting(next === 'desc')}
      aria-label={`${title}${state}. Sort ${words[next]}`}
    >
      {title}
      <span aria-hidden="true" className="sort-arrow">
        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
      </span>
    </button>
  );
}
