'use client';

import { columnHelper } from '@/components/data-table/features';
import { Money } from '@/components/money/money';
import { formatPercent, toneOf } from '@/lib/format/money';
import type { SkuRow } from '@/lib/reports/sku-report';
import { COST_SORT_WORDS, FIGURE_SORT_WORDS, SortableHeader, TEXT_SORT_WORDS } from '@/components/data-table/sortable-header';

const helper = columnHelper<SkuRow>();
const end = { align: 'end' as const };

export function skuColumns({ currency }: { currency: string }) {
  const money = (key: 'netSales' | 'costOfGoods' | 'shipping' | 'platformFees' | 'affiliateCommission' | 'promos', title: string) =>
    helper.accessor(key, {
      header: ({ column }) =>
        key === 'netSales' ? (
          <SortableHeader words={FIGURE_SORT_WORDS} column={column} title={title} />
        ) : (
          <SortableHeader words={COST_SORT_WORDS} first="asc" column={column} title={title} />
        ),
      enableSorting: true,
      meta: end,
      cell: (c) => <Money cents={c.getValue()} currency={currency} />,
    });
  return helper.columns([
    helper.accessor('productName', {
      header: ({ column }) => <SortableHeader words={TEXT_SORT_WORDS} first="asc" column={column} title="Product" />,
      enableSorting: true,
      cell: ({ row }) => (
        <span style={{ display: 'block', minWidth: '13rem' }}>
          <span className="product-cell-name">{row.original.productName}</span>
          <span className="muted" style={{ display: 'block', fontSize: '0.8rem' }}>
            {row.original.skuName} <span className="mono">· {row.original.skuId}</span>
          </span>
        </span>
      ),
    }),
    helper.accessor('sellerSku', {
      header: ({ column }) => <SortableHeader words={TEXT_SORT_WORDS} first="asc" column={column} title="Seller SKU" />,
      enableSorting: true,
      cell: (c) => <span className="mono nowrap">{c.getValue()}</span>,
    }),
    helper.accessor('lines', { header: ({ column }) => <SortableHeader words={FIGURE_SORT_WORDS} column={column} title="Order lines" />, enableSorting: true, meta: end }),
    helper.accessor('estimatedUnits', {
      header: ({ column }) => <SortableHeader words={FIGURE_SORT_WORDS} column={column} title="Est. units" />,
      enableSorting: true,
      meta: end,
      cell: (c) => (c.getValue() === null ? <span className="muted">—</span> : Math.round(c.getValue() ?? 0).toLocaleString('en-US')),
    }),
    money('netSales', 'Net sales'),
    money('costOfGoods', 'Cost of goods'),
    money('shipping', 'Shipping'),
    money('platformFees', 'Platform fees'),
    money('affiliateCommission', 'Affiliate'),
    money('promos', 'Promos'),
    helper.accessor('netProfit', {
      header: ({ column }) => <SortableHeader words={FIGURE_SORT_WORDS} column={column} title="Net profit" />,
      enableSorting: true,
      meta: end,
      cell: ({ row }) => (
        <span>
          <Money cents={row.original.netProfit} currency={currency} tone />
          {row.original.estimatedShare ? (
            <span className="estimate-mark" title={`${formatPercent(row.original.estimatedShare)} of net sales is not settled yet`}>
              {' '}*
            </span>
          ) : null}
        </span>
      ),
    }),
    helper.accessor('margin', {
      header: ({ column }) => <SortableHeader words={FIGURE_SORT_WORDS} column={column} title="Margin" />,
      enableSorting: true,
      meta: end,
      cell: (c) => <span className={c.getValue() === null ? 'muted' : toneOf(c.getValue() ?? 0)}>{formatPercent(c.getValue())}</span>,
    }),
    helper.accessor('profitShare', {
      header: ({ column }) => <SortableHeader words={FIGURE_SORT_WORDS} column={column} title="Share of profit" />,
      enableSorting: true,
      meta: end,
      cell: (c) => formatPercent(c.getValue()),
    }),
  ]);
}
