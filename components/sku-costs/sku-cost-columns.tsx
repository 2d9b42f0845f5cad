'use client';

import { columnHelper } from '@/components/data-table/features';
import { Money } from '@/components/money/money';
import { formatPercent, toneOf } from '@/lib/format/money';
import { ProductIcon } from './product-icon';
import { expandColumn } from '@/components/data-table/expand-column';
import { productStatusLabel, type SkuCostRow } from './sku-cost-rows';
import { UnitCostCell } from './unit-cost-cell';

const helper = columnHelper<SkuCostRow>();
const money = (label: string) => ({ label, align: 'end' as const });

/** Columns a seller may add or drop with the column chooser; unit profit and margin always stay. */
export const SKU_COST_OPTIONAL_COLUMNS = [
  { id: 'status', label: 'Status', byDefault: true },
  { id: 'skuId', label: 'SKU ID', byDefault: false },
  { id: 'sellerSku', label: 'Seller SKU', byDefault: true },
] as const;

export interface SkuCostColumnsOptions {
  currency: string;
  /** Opens a row's unit cost form; absent for a person who may not edit costs. */
  onEdit?: (row: SkuCostRow) => void;
}

export function skuCostColumns({ currency, onEdit }: SkuCostColumnsOptions) {
  return helper.columns([
    expandColumn<SkuCostRow>(helper, (row) => `costs of ${row.product.name} (${row.sellerSku})`),
    helper.accessor((r) => r.product.name, {
      id: 'product',
      header: 'Product',
      meta: { label: 'Product', card: 'title', pin: 'start' },
      // Further SKUs of a product repeat its name quietly: each row still says what it is.
      cell: ({ row }) =>
        row.original.firstOfProduct ? (
          <span className="product-cell">
            <ProductIcon src={row.original.product.icon} />
            <span>
              <span className="product-cell-name">{row.original.product.name}</span>
              <span className="muted mono product-cell-id">
                {row.original.product.productId}
                <span className="phone-inline"> · {row.original.sellerSku}</span>
              </span>
            </span>
          </span>
        ) : (
          <span className="product-cell product-cell-more muted">
            {row.original.product.name}
            {/* A phone card has no Seller SKU column in view: the title says which SKU it is. */}
            <span className="phone-inline mono"> · {row.original.sellerSku}</span>
          </span>
        ),
    }),
    helper.accessor((r) => r.product.status, {
      id: 'status',
      header: 'Status',
      meta: { label: 'Status' },
      cell: (c) => {
        const s = productStatusLabel(c.getValue());
        return <span className={`badge ${s.active ? '' : 'badge-warning'}`}>{s.label}</span>;
      },
    }),
    helper.accessor('skuId', {
      header: 'SKU ID',
      meta: { label: 'SKU ID' },
      cell: (c) => <span className="mono">{c.getValue()}</span>,
    }),
    helper.accessor('sellerSku', {
      header: 'Seller SKU',
      meta: { label: 'Seller SKU' },
      cell: (c) => <span className="mono nowrap">{c.getValue()}</span>,
    }),
    helper.accessor((r) => r.unit.price, {
      id: 'price',
      header: 'Price',
      meta: money('Price'),
      cell: (c) => <Money cents={c.getValue()} currency={currency} />,
    }),
    helper.accessor((r) => r.unit.cogs, {
      id: 'cogs',
      header: 'Unit cost',
      meta: { label: 'Unit cost', align: 'end', card: 'lead' },
      cell: ({ row }) => (
        <UnitCostCell row={row.original} currency={currency} onEdit={onEdit ? () => onEdit(row.original) : undefined} />
      ),
    }),
    helper.accessor((r) => r.unit.shippingCost, {
      id: 'shippingCost',
      header: 'Shipping cost',
      meta: money('Shipping cost'),
      cell: (c) => <Money cents={c.getValue()} currency={currency} />,
    }),
    helper.accessor((r) => r.unit.unitProfitBeforeFees, {
      id: 'unitProfit',
      header: 'Unit profit before fees',
      meta: { label: 'Unit profit before fees', align: 'end', card: 'lead', pin: 'end' },
      cell: (c) => <Money cents={c.getValue()} currency={currency} tone />,
    }),
    helper.accessor((r) => r.unit.margin, {
      id: 'margin',
      header: 'Margin',
      meta: { label: 'Margin', align: 'end', card: 'lead', pin: 'end-last' },
      cell: (c) => (
        <span className={c.getValue() === null ? 'muted' : toneOf(c.getValue() ?? 0)}>
          {formatPercent(c.getValue())}
        </span>
      ),
    }),
  ]);
}
