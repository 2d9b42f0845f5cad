import { csvLine } from '@/lib/csv';
import type { CostSku } from '@/lib/costs/data';

// What the ad spend import accepts (lib/costs/csv-import matches these headers case-insensitively,
// with aliases), said once for the help text and the template file.

export const IMPORT_COLUMNS: readonly { name: string; meaning: string }[] = [
  { name: 'date', meaning: 'the day, YYYY-MM-DD (or a "day" column); required' },
  { name: 'spend', meaning: 'the amount, like 12.50 (or "amount", "cost"); required' },
  { name: 'sku_id', meaning: 'a SKU id; optional' },
  { name: 'seller_sku', meaning: 'or your seller SKU; optional' },
  { name: 'product_id', meaning: 'or a product id: split over its SKUs by sales; optional' },
  { name: 'campaign', meaning: 'the campaign name; optional' },
];

const HEADER = ['date', 'spend', 'seller_sku', 'product_id', 'campaign'] as const;

/** A seller SKU a spreadsheet shows as typed: one that looks like a formula would be neutralised and no longer match. */
function plainSku(skus: readonly CostSku[]): CostSku | undefined {
  return skus.find((s) => s.sellerSku && !/^[=+\-@\t\r]/.test(s.sellerSku));
}

/**
 * The example line of the help text: one day's spend on a real SKU of the shop, so the line imports
 * as shown; without a synced catalog, spend on the whole shop.
 */
export function exampleLine(skus: readonly CostSku[], day: string): string {
  const sku = plainSku(skus);
  return csvLine(
    sku ? [day, '12.50', sku.sellerSku, '', 'Spring sale'] : [day, '12.50', '', '', 'Spring sale'],
  ).trimEnd();
}

/**
 * A template to fill in a spreadsheet: the header, then a line on a SKU, one on a product (when
 * the shop has them) and one on the whole shop. Every line imports as it is.
 */
export function importTemplate(skus: readonly CostSku[], day: string): string {
  const sku = plainSku(skus);
  const product = skus[0]?.productId;
  const lines = [csvLine([...HEADER])];
  if (sku) lines.push(csvLine([day, '12.50', sku.sellerSku, '', 'Spring sale']));
  if (product) lines.push(csvLine([day, '30.00', '', product, 'Brand search']));
  lines.push(csvLine([day, '8.00', '', '', 'Whole shop']));
  return lines.join('');
}
