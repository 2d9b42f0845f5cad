'use client';

import type { RowData } from '@tanstack/react-table';
import type { columnHelper } from './features';

/**
 * The control that opens a phone card's details (TanStack's expansion model decides which). Wide
 * screens show every column already, so the control is phone-only there.
 */
export function expandColumn<TData extends RowData>(
  helper: ReturnType<typeof columnHelper<TData>>,
  name: (row: TData) => string,
) {
  return helper.display({
    id: 'expand',
    meta: { card: 'control', phoneOnly: true },
    header: () => <span className="visually-hidden">Details</span>,
    cell: ({ row }) => (
      <button
        type="button"
        className="expand-button"
        aria-expanded={row.getIsExpanded()}
        aria-label={`${row.getIsExpanded() ? 'Hide' : 'Show'} all ${name(row.original)}`}
        onClick={row.getToggleExpandedHandler()}
      >
        <span aria-hidden="true">{row.getIsExpanded() ? '▾' : '▸'}</span>
      </button>
    ),
  });
}
