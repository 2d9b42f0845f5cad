'use client';

import { Fragment, type ReactNode } from 'react';
import type { Row, RowData } from '@tanstack/react-table';
import { columnClass, columnLabel } from './column-meta';
import type { DataTableFeatures } from './features';
import type { ServerTable } from './use-server-table';

export interface DataTableProps<TData extends RowData> {
  table: ServerTable<TData>;
  /** Names the table for screen readers. */
  caption: string;
  /** The panel shown under an expanded row (TanStack's expansion state decides which). */
  renderExpanded?: (row: Row<DataTableFeatures, TData>) => ReactNode;
  /**
   * A full-width panel under a row whatever its expansion (an inline form): shown when it returns
   * something, so a phone card can open its details and its form independently.
   */
  renderBelow?: (row: Row<DataTableFeatures, TData>) => ReactNode;
  /** Dims the rows while the next page loads over the previous one. */
  stale?: boolean;
}

/**
 * The markup of every dashboard table. Wide screens get a dense table whose first column and net
 * profit stay pinned when a seller adds columns; phone-width screens lay each row out as a card
 * (CSS only, so the server-rendered page is already right) that leads with net profit and margin.
 */
export function DataTable<TData extends RowData>({
  table,
  caption,
  renderExpanded,
  renderBelow,
  stale,
}: DataTableProps<TData>) {
  const columnCount = table.getAllLeafColumns().length;
  return (
    // The region's name differs from the page section's ("Orders"), so landmarks stay unique.
    <div className="table-scroll" tabIndex={0} role="region" aria-label={`${caption} table`}>
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
                    className={`${columnClass(header.column.columnDef.meta)}${header.column.getCanSort() ? ' sortable' : ''}`}
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
          {table.getRowModel().rows.map((row) => {
            const below = renderBelow?.(row);
            return (
              <Fragment key={row.id}>
                <tr data-expanded={row.getIsExpanded() || undefined}>
                  {row.getAllCells().map((cell) => (
                    <td
                      key={cell.id}
                      className={columnClass(cell.column.columnDef.meta)}
                      data-label={columnLabel(cell.column.columnDef.meta)}
                    >
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
                {renderExpanded && row.getIsExpanded() ? (
                  <tr className="expanded-row">
                    <td colSpan={columnCount}>{renderExpanded(row)}</td>
                  </tr>
                ) : null}
                {below ? (
                  <tr className="row-panel">
                    <td colSpan={columnCount}>{below}</td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
