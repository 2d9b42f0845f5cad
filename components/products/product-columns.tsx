'use client';

import { columnHelper } from '@/components/data-table/features';
import { Money } from '@/components/money/money';
import { formatPercent, toneOf } from '@/lib/format/money';
import { ProductIcon } from './product-icon';
import { productStatusLabel, type SkuRow } from './sku-rows';

const helper = columnHelper<SkuRow>();
const end = { align: 'end' as const };

export function productColumns({ currency }: { currency: string }) {
  return helper.columns([
    helper.accessor((r) => r.product.name, {
      id: 'product',
      header: 'Product',
      // Further SKUs of a product repeat its name quietly: each row still says what it is.
      cell: ({ row }) =>
        row.original.firstOfProduct ? (
          <span className="product-cell">
            <ProductIcon src={row.original.product.icon} />
            <span>
              <span className="product-cell-name">{row.original.product.name}</span>
              <span className="muted mono product-cell-id">{row.original.product.productId}</span>
            </span>
          </span>
        ) : (
          <span className="product-cell product-cell-more muted">{row.original.product.name}</span>
        ),
    }),
    helper.accessor((r) => r.product.status, {
      id: 'status',
      header: 'Status',
      cell: (c) => {
        const s = productStatusLabel(c.getValue());
        return <span className={`badge ${s.active ? '' : 'badge-warning'}`}>{s.label}</span>;
      },
    }),
    helper.accessor('skuId', { header: 'SKU ID', cell: (c) => <span className="mono">{c.getValue()}</span> }),
    helper.accessor('sellerSku', { header: 'Seller SKU', cell: (c) => <span className="mono nowrap">{c.getValue()}</span> }),
    helper.accessor((r) => r.unit.price, { id: 'price', header: 'Price', meta: end, cell: (c) => <Money cents={c.getValue()} currency={currency} /> }),
    helper.accessor((r) => r.unit.cogs, { id: 'cogs', header: 'COGS', meta: end, cell: (c) => <Money cents={c.getValue()} currency={currency} /> }),
    helper.accessor((r) => r.unit.shippingCost, {
      id: 'shippingCost',
      header: 'Shipping cost',
      meta: end,
      cell: (c) => <Money cents={c.getValue()} currency={currency} />,
    }),
    helper.accessor((r) => r.unit.unitProfitBeforeFees, {
      id: 'unitProfit',
      header: 'Unit profit before fees',
      meta: end,
      cell: (c) => <Money cents={c.getValue()} currency={currency} tone />,
    }),
    helper.accessor((r) => r.unit.margin, {
      id: 'margin',
      header: 'Margin',
      meta: end,
      cell: (c) => <span className={c.getValue() === null ? 'muted' : toneOf(c.getValue() ?? 0)}>{formatPercent(c.getValue())}</span>,
    }),
  ]);
}
