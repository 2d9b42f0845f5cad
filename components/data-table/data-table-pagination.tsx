'use client';

import type { RowData } from '@tanstack/react-table';
import { PAGE_SIZES } from '@/lib/url-state';
import { formatCount } from '@/lib/format/money';
import type { ServerTable } from './use-server-table';

export interface DataTablePaginationProps<TData extends RowData> {
  table: ServerTable<TData>;
  /** Plural noun of what is paged ("orders", "products"). */
  noun: string;
}

export function DataTablePagination<TData extends RowData>({ table, noun }: DataTablePaginationProps<TData>) {
  const { pageIndex, pageSize } = table.state.pagination;
  const total = table.getRowCount();
  const pageCount = Math.max(1, table.getPageCount());
  const first = total === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(total, (pageIndex + 1) * pageSize);
  return (
    <nav className="pagination" aria-label={`Pages of ${noun}`}>
      <p className="muted" aria-live="polite">
        {formatCount(first)}–{formatCount(last)} of {formatCount(total)} {noun}
      </p>
      <div className="pagination-controls">
        <label className="inline-field">
          <span>Rows per page</span>
          <select
            className="select"
            value={pageSize}
            onChange={(event) => table.setPagination({ pageIndex: 0, pageSize: Number(event.target.value) })}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
          Previous
        </button>
        <span className="muted page-of">
          Page {formatCount(pageIndex + 1)} of {formatCount(pageCount)}
        </span>
        <button type="button" className="btn" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
          Next
        </button>
      </div>
    </nav>
  );
}
