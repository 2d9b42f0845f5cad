'use client';

import { Fragment, type ReactNode } from 'react';
import type { Row, RowData } from '@tanstack/react-table';
import type { DataTableFeatures } from './features';
import type { ServerTable } from './use-server-table';

export interface DataTableProps<TData extends RowData> {
  table: ServerTable<TData>;
  /** Names the table for screen readers. */
  caption: string;
  /** The panel shown under an expanded row (TanStack's expansion state decides which). */
  renderExpanded?: (row: Row<DataTableFeatures, TData>) => ReactNode;
  /** Dims the rows while the next page loads over the previous one. */
  stale?: boolean;
}

type Align = 'start' | 'end' | 'center';
export interface ColumnMeta {
  align?: Align;
  /** Hidden on phone-width screens so the figures that matter stay in view without scrolling. */
  secondary?: boolean;
}

function classOf(meta: unknown): string | undefined {
  const m = meta as ColumnMeta | undefined;
  const align = m?.align === 'end' ? 'num' : m?.align === 'center' ? 'center' : '';
  return [align, m?.secondary ? 'col-secondary' : ''].filter(Boolean).join(' ') || undefined;
}

/** The markup of every dashboard table; scrolls sideways inside its card on narrow screens. */
export function DataTable<TData extends RowData>({ table, caption, renderExpanded, stale }: DataTableProps<TData>) {
  const columnCount = table.getAllLeafColumns().length;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="data-table" aria-busy={stale || undefined} data-stale={stale || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={classOf(header.column.columnDef.meta)}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <Fragment key={row.id}>
              <tr data-expanded={row.getIsExpanded() || undefined}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className={classOf(cell.column.columnDef.meta)}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
              {renderExpanded && row.getIsExpanded() ? (
                <tr className="expanded-row">
                  <td colSpan={columnCount}>{renderExpanded(row)}</td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
