'use client';

import type { FormEvent } from 'react';
import type { RowData } from '@tanstack/react-table';
import { PAGE_SIZES } from '@/lib/views/defaults';
import type { ServerTable } from './use-server-table';
import { say } from './messages';

export interface DataTablePaginationProps<TData extends RowData> {
  table: ServerTable<TData>;
  /** Plural noun of what is paged ("orders", "products"). */
  noun: string;
}

/** Clamps what a person typed into a page that exists (1 … pageCount); null when it is not a number. */
export function pageFromInput(text: string, pageCount: number): number | null {
  const n = Number.parseInt(text.replace(/[^\d]/g, ''), 10);
  if (!Number.isFinite(n)) return null;
  return Math.min(Math.max(1, n), Math.max(1, pageCount));
}

export function DataTablePagination<TData extends RowData>({ table, noun }: DataTablePaginationProps<TData>) {
  const { pageIndex, pageSize } = table.state.pagination;
  const total = table.getRowCount();
  const pageCount = Math.max(1, table.getPageCount());
  const first = total === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(total, (pageIndex + 1) * pageSize);

  function jump(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const page = pageFromInput(String(new FormData(event.currentTarget).get('page') ?? ''), pageCount);
    if (page !== null) table.setPageIndex(page - 1);
  }

  return (
    <nav className="pagination" aria-label={`Pages of ${noun}`}>
      <p className="muted" aria-live="polite">
        {say('rowsShown', {
          first: { count: first },
          last: { count: last },
          total: { count: total },
          noun: { text: noun },
        })}
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
        <div className="pager-buttons">
          <button
            type="button"
            className="btn"
            onClick={() => table.firstPage()}
            disabled={!table.getCanPreviousPage()}
            aria-label="First page"
          >
            <span aria-hidden="true">«</span>
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => table.previousPage()}
            disabled={!table.getCanPreviousPage()}
          >
            Previous
          </button>
          <button type="button" className="btn" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
            Next
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => table.lastPage()}
            disabled={!table.getCanNextPage()}
            aria-label="Last page"
          >
            <span aria-hidden="true">»</span>
          </button>
        </div>
        {/* The key resets the box to the current page after every move. */}
        <form className="page-jump" onSubmit={jump} key={pageIndex}>
          <label className="inline-field">
            <span>Page</span>
            <input
              className="input page-input"
              name="page"
              inputMode="numeric"
              pattern="[0-9,]*"
              defaultValue={pageIndex + 1}
              aria-describedby={`page-count-${noun}`}
            />
          </label>
          <span className="muted page-of" id={`page-count-${noun}`}>
            {say('pagesOf', { pages: { count: pageCount }, total: { count: total }, noun: { text: noun } })}
          </span>
          <button type="submit" className="btn">
            Go
          </button>
        </form>
      </div>
    </nav>
  );
}
