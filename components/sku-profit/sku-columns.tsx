'use client';

import { skuText, skuTitle } from '@/lib/format/sku';
import { columnHelper } from '@/components/data-table/features';
import { Money } from '@/components/money/money';
import { formatCount, formatPercent, toneOf } from '@/lib/format/money';
import { SourceMark } from '@/components/money/source-mark';
import type { SkuReportWithForecast } from '@/lib/reports/settlement-apply';
import {
  COST_SORT_WORDS,
  DISCOUNT_SORT_WORDS,
  FIGURE_SORT_WORDS,
  SortableHeader,
  TEXT_SORT_WORDS,
} from '@/components/data-table/sortable-header';
import { expandColumn } from '@/components/data-table/expand-column';
import { skuForecastColumn } from './sku-forecast-column';
import type { CostKindWords } from '@/components/app-shell/cost-kind-words';
import { say } from './messages';

type SkuProfitRow = SkuReportWithForecast['rows'][number];
const helper = columnHelper<SkuProfitRow>();
const figure = (label: string) => ({ label, align: 'end' as const });

/** Columns a seller may add or drop with the column chooser; the money columns are shown by default. */
export const skuOptionalColumns = (charged: CostKindWords['charged']) => [
  { id: 'sellerSku', label: 'Seller SKU', byDefault: false },
  { id: 'lines', label: 'Order lines', byDefault: true },
  { id: 'estimatedUnits', label: 'Est. units', byDefault: false },
  { id: 'grossSales', label: 'Gross sales', byDefault: false },
  { id: 'profitShare', label: 'Share of profit', byDefault: true },
  { id: 'adSpend', label: 'Ad spend (yours)', byDefault: true },
  { id: 'allocatedCosts', label: 'Allocated shop costs', byDefault: false },
  // One column per cost kind charged per unit or order line (lib/costs/charges), in its P&L words.
  ...charged.map((k) => ({ id: `charged-${k.id}`, label: k.label, byDefault: true })),
];

/** With `forecast`, the expected settled net profit beside the net profit. */
export function skuColumns({
  currency,
  charged,
  forecast = false,
}: {
  currency: string;
  charged: CostKindWords['charged'];
  forecast?: boolean;
}) {
  const money = (
    key: 'grossSales' | 'netSales' | 'shipping' | 'platformFees' | 'affiliateCommission' | 'promos',
    title: string,
  ) =>
    helper.accessor(key, {
      header: ({ column }) =>
        key === 'netSales' || key === 'grossSales' ? (
          <SortableHeader words={FIGURE_SORT_WORDS} column={column} title={title} />
        ) : (
          <SortableHeader
            words={key === 'promos' ? DISCOUNT_SORT_WORDS : COST_SORT_WORDS}
            first="asc"
            column={column}
            title={title}
          />
        ),
      enableSorting: true,
      meta: figure(title),
      cell: (c) => <Money cents={c.getValue()} currency={currency} />,
    });
  return helper.columns([
    expandColumn<SkuProfitRow>(helper, (row) => `figures of ${row.productName} (${skuText(row)})`),
    helper.accessor('productName', {
      header: ({ column }) => <SortableHeader words={TEXT_SORT_WORDS} first="asc" column={column} title="Product" />,
      enableSorting: true,
      meta: { label: 'Product', card: 'title', pin: 'start' },
      cell: ({ row }) => (
        <span className="sku-product">
          <span className="product-cell-name">{row.original.productName}</span>
          <span className="muted sku-product-sub" title={skuTitle(row.original)}>
            {skuText(row.original)}
          </span>
        </span>
      ),
    }),
    helper.accessor('sellerSku', {
      header: ({ column }) => <SortableHeader words={TEXT_SORT_WORDS} first="asc" column={column} title="Seller SKU" />,
      enableSorting: true,
      meta: { label: 'Seller SKU' },
      cell: (c) => <span className="mono nowrap">{c.getValue()}</span>,
    }),
    helper.accessor('lines', {
      header: ({ column }) => <SortableHeader words={FIGURE_SORT_WORDS} column={column} title="Order lines" />,
      enableSorting: true,
      meta: figure('Order lines'),
      cell: (c) => formatCount(c.getValue()),
    }),
    helper.accessor('estimatedUnits', {
      header: ({ column }) => <SortableHeader words={FIGURE_SORT_WORDS} column={column} title="Est. units" />,
      enableSorting: true,
      meta: figure('Est. units'),
      cell: (c) =>
        c.getValue() === null ? <span className="muted">—</span> : formatCount(Math.round(c.getValue() ?? 0)),
    }),
    // Gross sales + promos = net sales: the seller-funded promos are inside net sales, not a cost
    // beside the others, so they stand before it and the costs after it add up to net profit.
    money('grossSales', 'Gross sales'),
    money('promos', 'Promos (in net sales)'),
    money('netSales', 'Net sales'),
    helper.accessor('costOfGoods', {
      header: ({ column }) => (
        <SortableHeader words={COST_SORT_WORDS} first="asc" column={column} title="Cost of goods" />
      ),
      enableSorting: true,
      meta: figure('Cost of goods'),
      cell: ({ row }) => (
        <span
          title={
            row.original.cogsSource === 'service'
              ? undefined
              : say('serviceFigure', { amount: { money: row.original.serviceCostOfGoods, currency } })
          }
        >
          <Money cents={row.original.costOfGoods} currency={currency} /> <SourceMark source={row.original.cogsSource} />
        </span>
      ),
    }),
    money('shipping', 'Shipping'),
    money('platformFees', 'Platform fees'),
    money('affiliateCommission', 'Affiliate'),
    helper.accessor('adSpend', {
      header: ({ column }) => (
        <SortableHeader words={COST_SORT_WORDS} first="asc" column={column} title="Ad spend (yours)" />
      ),
      enableSorting: true,
      meta: figure('Ad spend (yours)'),
      cell: (c) => <Money cents={c.getValue()} currency={currency} />,
    }),
    helper.accessor('allocatedCosts', {
      header: ({ column }) => (
        <SortableHeader words={COST_SORT_WORDS} first="asc" column={column} title="Allocated shop costs" />
      ),
      enableSorting: true,
      meta: figure('Allocated shop costs (by net sales share)'),
      cell: (c) => <Money cents={c.getValue()} currency={currency} />,
    }),
    ...charged.map((k) =>
      helper.accessor((r) => r.chargedCosts[k.id] ?? 0, {
        id: `charged-${k.id}`,
        header: k.label,
        enableSorting: false,
        meta: figure(k.label),
        cell: (c) => <Money cents={c.getValue()} currency={currency} />,
      }),
    ),
    helper.accessor('profitShare', {
      header: ({ column }) => <SortableHeader words={FIGURE_SORT_WORDS} column={column} title="Share of profit" />,
      enableSorting: true,
      meta: figure('Share of profit'),
      cell: (c) => formatPercent(c.getValue()),
    }),
    ...(forecast ? [skuForecastColumn(helper, currency)] : []),
    helper.accessor('netProfit', {
      header: ({ column }) => <SortableHeader words={FIGURE_SORT_WORDS} column={column} title="Net profit" />,
      enableSorting: true,
      meta: { label: 'Net profit', align: 'end', card: 'lead', pin: 'end' },
      cell: ({ row }) => (
        <span>
          <Money cents={row.original.netProfit} currency={currency} tone />
          {row.original.estimatedShare ? (
            <span
              className="estimate-mark"
              title={say('notSettled', { share: { percent: row.original.estimatedShare } })}
            >
              {' '}
              *
            </span>
          ) : null}
        </span>
      ),
    }),
    helper.accessor('margin', {
      header: ({ column }) => <SortableHeader words={FIGURE_SORT_WORDS} column={column} title="Margin" />,
      enableSorting: true,
      meta: { label: 'Margin', align: 'end', card: 'lead', pin: 'end-last' },
      cell: (c) => (
        <span className={c.getValue() === null ? 'muted' : toneOf(c.getValue() ?? 0)}>
          {formatPercent(c.getValue())}
        </span>
      ),
    }),
  ]);
}
