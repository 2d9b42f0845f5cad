import type { Product } from '@/lib/contract';
import type { CsvColumn } from '@/lib/csv';
import { centsToDecimal } from '@/lib/format/money';
import { productStatusLabel } from '@/lib/format/product-status';
import { skuUnitProfit, type SkuUnitProfit } from '@/lib/profit/sku-unit';

// The SKU costs export: one row per SKU with its product's columns and its unit economics.

export interface SkuCostLine {
  product: Product;
  sku: Product['skus'][number];
  unit: SkuUnitProfit;
}

export function* skuCostLines(products: Iterable<Product>): Generator<SkuCostLine> {
  for (const product of products) for (const sku of product.skus) yield { product, sku, unit: skuUnitProfit(sku) };
}

export const skuCostCsvColumns: CsvColumn<SkuCostLine>[] = [
  { header: 'Product id', value: (r) => r.product.productId },
  { header: 'Product name', value: (r) => r.product.name },
  { header: 'Product status', value: (r) => productStatusLabel(r.product.status).label },
  { header: 'SKU id', value: (r) => r.sku.id },
  { header: 'Seller SKU', value: (r) => r.sku.sku },
  { header: 'Price', value: (r) => centsToDecimal(r.unit.price), kind: 'money' },
  { header: 'COGS', value: (r) => centsToDecimal(r.unit.cogs), kind: 'money' },
  { header: 'Shipping cost', value: (r) => centsToDecimal(r.unit.shippingCost), kind: 'money' },
  { header: 'Unit profit before fees', value: (r) => centsToDecimal(r.unit.unitProfitBeforeFees), kind: 'money' },
  {
    header: 'Margin',
    value: (r) => (r.unit.margin === null ? null : Math.round(r.unit.margin * 10_000) / 10_000),
    kind: 'ratio',
  },
];
