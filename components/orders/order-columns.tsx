'use client';

import { columnHelper } from '@/components/data-table/features';
import { SortableHeader } from '@/components/data-table/sortable-header';
import { Money } from '@/components/money/money';
import { formatCount, formatPercent, toneOf } from '@/lib/format/money';
import { formatShopTime } from '@/lib/format/time';
import type { ExplainTarget } from './explain-dialog';
import { type OrderRow } from './order-rows';
import { settlementLabel, statusLabel } from '@/lib/format/labels';

export interface OrderColumnsContext {
  currency: string;
  timeZone: string;
  onExplain: (subject: string, target: ExplainTarget) => void;
  /** Sees costs and profit: hints may name fees. */
  seesProfit?: boolean;
}

const helper = columnHelper<OrderRow>();
// On a phone the card leads with net profit and margin (and its "?"); the rest is one tap away.
const detail = (label: string) => ({ label, card: 'detail' as const });
const money = (label: string) => ({ label, align: 'end' as const, card: 'detail' as const });

/** Columns a seller may hide with the column chooser; net profit and margin always stay. */
export const ORDER_OPTIONAL_COLUMNS = [
  { id: 'status', label: 'Status', byDefault: true },
  { id: 'settlement', label: 'Settlement', byDefault: true },
  { id: 'sample', label: 'Sample', byDefault: true },
  { id: 'items', label: 'Items', byDefault: true },
  { id: 'netSales', label: 'Net sales', byDefault: true },
  { id: 'totalCosts', label: 'Total costs', byDefault: true },
] as const;

/** The orders table's columns; the sort column id `createTime` is what the API sorts by. */
export function orderColumns({ currency, timeZone, onExplain, seesProfit = true }: OrderColumnsContext) {
  return helper.columns([
    helper.display({
      id: 'expand',
      meta: { card: 'control', pin: 'start' },
      header: () => <span className="visually-hidden">Details</span>,
      cell: ({ row }) => (
        <button
          type="button"
          className="expand-button"
          aria-expanded={row.getIsExpanded()}
          aria-label={`${row.getIsExpanded() ? 'Hide' : 'Show'} products of order ${row.original.order.orderNumber}`}
          onClick={row.getToggleExpandedHandler()}
        >
          <span aria-hidden="true">{row.getIsExpanded() ? '▾' : '▸'}</span>
        </button>
      ),
    }),
    helper.accessor((r) => r.order.orderNumber, {
      id: 'orderNumber',
      header: 'Order',
      meta: { label: 'Order', card: 'title', pin: 'start-2' },
      cell: (c) => <span className="mono">{c.getValue()}</span>,
    }),
    helper.accessor((r) => r.order.createTime, {
      id: 'createTime',
      meta: { label: 'Created', card: 'title' },
      header: ({ column }) => <SortableHeader column={column} title="Created" />,
      cell: (c) => (
        <time className="nowrap" dateTime={new Date(c.getValue() * 1000).toISOString()}>
          {formatShopTime(c.getValue(), timeZone)}
        </time>
      ),
      enableSorting: true,
    }),
    helper.accessor((r) => r.order.status, {
      id: 'status',
      header: 'Status',
      meta: detail('Status'),
      cell: (c) => (
        <span className={c.getValue() === 'CANCELLED' ? 'muted' : undefined}>{statusLabel(c.getValue())}</span>
      ),
    }),
    helper.display({
      id: 'settlement',
      header: 'Settlement',
      meta: detail('Settlement'),
      cell: ({ row }) => {
        const s = settlementLabel(row.original.order, seesProfit);
        return (
          <span className={`badge ${s.estimated ? 'badge-warning' : ''}`} title={s.hint}>
            {s.label}
          </span>
        );
      },
    }),
    helper.display({
      id: 'sample',
      header: 'Sample',
      meta: detail('Sample'),
      cell: ({ row }) => (row.original.profit.sample ? <span className="badge badge-info">Sample</span> : null),
    }),
    helper.accessor((r) => r.order.products.length, {
      id: 'items',
      header: 'Items',
      meta: money('Items'),
      cell: (c) => formatCount(c.getValue()),
    }),
    helper.accessor((r) => r.profit.totals.netSales, {
      id: 'netSales',
      header: 'Net sales',
      meta: money('Net sales'),
      cell: (c) => <Money cents={c.getValue()} currency={currency} />,
    }),
    helper.accessor((r) => r.profit.totals.totalCosts, {
      id: 'totalCosts',
      header: 'Total costs',
      meta: money('Total costs'),
      cell: (c) => <Money cents={c.getValue()} currency={currency} />,
    }),
    helper.accessor((r) => r.profit.totals.netProfit, {
      id: 'netProfit',
      header: 'Net profit',
      meta: { label: 'Net profit', align: 'end', card: 'lead', pin: 'end' },
      cell: ({ row, getValue }) => (
        <span className="profit-cell">
          {row.original.profit.estimated ? (
            <span className="estimate-mark" title="Estimated: not settled yet" aria-label="estimated">
              ≈
            </span>
          ) : null}
          <Money cents={getValue()} currency={currency} tone />
          <button
            type="button"
            className="explain-button"
            aria-label={`Explain net profit of order ${row.original.order.orderNumber}`}
            onClick={() =>
              onExplain(`Order ${row.original.order.orderNumber}`, {
                order: row.original.order,
                profit: row.original.profit,
              })
            }
          >
            ?
          </button>
        </span>
      ),
    }),
    helper.accessor((r) => r.profit.totals.margin, {
      id: 'margin',
      header: 'Margin',
      meta: { label: 'Margin', align: 'end', card: 'lead', pin: 'end-last' },
      cell: (c) => {
        const m = c.getValue();
        return <span className={m === null ? 'muted' : toneOf(m)}>{formatPercent(m)}</span>;
      },
    }),
  ]);
}
