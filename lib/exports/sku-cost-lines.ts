import type { Product } from '@/lib/contract';
import { ratioCell, type CsvColumn } from '@/lib/csv';
import { centsToDecimal } from '@/lib/format/money';
import { productStatusLabel } from '@/lib/format/product-status';
import { skuUnitProfit, type SkuUnitProfit } from '@/lib/profit/sku-unit';
import { toCents } from '@/lib/profit/money';
import { cogsEntryOn, type CogsSchedule } from '@/lib/costs/cogs';
import type { CogsEntry } from '@/lib/costs/types';

// The SKU costs export: one row per SKU with its product's columns and its unit economics, as the
// page shows them: the seller's unit cost in effect today, where there is one, counts.

export interface SkuCostLine {
  product: Product;
  sku: Product['skus'][number];
  /** The seller's entry in effect today, or null (the service's COGS counts). */
  yours: CogsEntry | null;
  unit: SkuUnitProfit;
}

export function* skuCostLines(
  products: Iterable<Product>,
  cogs: { schedule: CogsSchedule; today: string } | null = null,
): Generator<SkuCostLine> {
  for (const product of products)
    for (const sku of product.skus) {
      const yours = cogs ? cogsEntryOn(cogs.schedule, sku.id, cogs.today) : null;
      yield { product, sku, yours, unit: skuUnitProfit(sku, yours?.unitCostCents) };
    }
}

export const skuCostCsvColumns: CsvColumn<SkuCostLine>[] = [
  { header: 'Product id', value: (r) => r.product.productId },
  { header: 'Product name', value: (r) => r.product.name },
  { header: 'Product status', value: (r) => productStatusLabel(r.product.status).label },
  { header: 'SKU id', value: (r) => r.sku.id },
  { header: 'Seller SKU', value: (r) => r.sku.sku },
  { header: 'Price', value: (r) => centsToDecimal(r.unit.price), kind: 'money' },
  { header: 'COGS', value: (r) => centsToDecimal(Math.abs(toCents(r.sku.cogs))), kind: 'money' },
  { header: 'Your unit cost', value: (r) => (r.yours ? centsToDecimal(r.yours.unitCostCents) : null), kind: 'money' },
  { header: 'Your unit cost from', value: (r) => r.yours?.fromDay ?? null, kind: 'day' },
  { header: 'Shipping cost', value: (r) => centsToDecimal(r.unit.shippingCost), kind: 'money' },
  { header: 'Unit profit before fees', value: (r) => centsToDecimal(r.unit.unitProfitBeforeFees), kind: 'money' },
  {
    header: 'Margin',
    value: (r) => ratioCell(r.unit.margin),
    kind: 'ratio',
  },
];
