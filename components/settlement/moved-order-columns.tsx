'use client';

import Link from 'next/link';
import { columnHelper } from '@/components/data-table/features';
import { Money } from '@/components/money/money';
import { formatPercentChange } from '@/lib/format/money';
import { formatDay } from '@/lib/format/time';
import type { OrderDriftExplanation } from '@/lib/reports/settlement';
import { ordersView } from '@/lib/views/orders';
import { toSearch, viewQuery } from '@/lib/views/view';
import { say } from './messages';

const helper = columnHelper<OrderDriftExplanation>();

/** The orders page on the order's day (custom days: alone, `from`/`to` lose to the default preset). */
function ordersOfDay(shopId: string, day: string): string {
  return `/orders?${toSearch({ shop: shopId, range: 'custom', ...viewQuery(ordersView, { from: day, to: day }) })}`;
}

/** The moved orders' columns: the change leads a phone card; the explanation opens under the row. */
export function movedOrderColumns({ currency, shopId }: { currency: string; shopId: string }) {
  return helper.columns([
    helper.display({
      id: 'expand',
      meta: { card: 'control', pin: 'start' },
      header: () => <span className="visually-hidden">Explanation</span>,
      cell: ({ row }) => (
        <button
          type="button"
          className="expand-button"
          aria-expanded={row.getIsExpanded()}
          aria-controls={row.getIsExpanded() ? `order-${row.original.orderId}` : undefined}
          aria-label={`${row.getIsExpanded() ? 'Hide how' : 'Show how'} order ${row.original.orderId} moved`}
          onClick={row.getToggleExpandedHandler()}
        >
          <span aria-hidden="true">{row.getIsExpanded() ? '▾' : '▸'}</span>
        </button>
      ),
    }),
    helper.accessor('orderId', {
      header: 'Order',
      meta: { label: 'Order', card: 'title', pin: 'start-2' },
      cell: (c) => <span className="mono">{c.getValue()}</span>,
    }),
    helper.accessor('localDay', {
      header: 'Day',
      meta: { label: 'Day', card: 'title' },
      cell: (c) => <span className="nowrap">{formatDay(c.getValue())}</span>,
    }),
    helper.accessor('netSales', {
      header: 'Net sales',
      meta: { label: 'Net sales', align: 'end' },
      cell: (c) => <Money cents={c.getValue()} currency={currency} />,
    }),
    helper.accessor('estimateNetProfit', {
      header: 'Estimated net profit',
      meta: { label: 'Estimated net profit', align: 'end' },
      cell: (c) => <Money cents={c.getValue()} currency={currency} tone />,
    }),
    helper.accessor('settledNetProfit', {
      header: 'Settled net profit',
      meta: { label: 'Settled net profit', align: 'end' },
      cell: (c) => <Money cents={c.getValue()} currency={currency} tone />,
    }),
    helper.accessor('drift', {
      header: 'Change',
      meta: { label: 'Change', align: 'end', card: 'lead' },
      cell: ({ row }) => (
        <>
          <Money cents={row.original.drift} currency={currency} tone signAlways />{' '}
          <span className="muted settle-share">
            ({formatPercentChange(row.original.netSales > 0 ? row.original.drift / row.original.netSales : null)})
          </span>
        </>
      ),
    }),
    helper.display({
      id: 'orders',
      header: () => <span className="visually-hidden">Orders page</span>,
      meta: { label: 'Orders page' },
      cell: ({ row }) => (
        <Link href={ordersOfDay(shopId, row.original.localDay)} className="nowrap">
          {say('ordersOfDay', { day: { text: formatDay(row.original.localDay, { short: true }) } })}
        </Link>
      ),
    }),
  ]);
}
