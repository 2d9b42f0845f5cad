import { csvLine } from '@/lib/csv';
import type { ImportPreview, ImportRow } from './csv-import';
import { count, day, money, present, text } from './history';
import type { KindImport } from './kind-import';
import type { CostSku } from './types';

// Ad spend's CSV import as the one import dialog shows it (lib/costs/kind-import): what the file
// holds (lib/costs/csv-import matches these headers case-insensitively, with aliases), the
// template made from the shop's SKUs, the preview. The kind's `import` (lib/costs/kind-ad-spend).

const HEADER = ['date', 'spend', 'seller_sku', 'product_id', 'campaign'] as const;

/** A seller SKU a spreadsheet shows as typed: one that looks like a formula would be neutralised and no longer match. */
function plainSku(skus: readonly CostSku[]): CostSku | undefined {
  return skus.find((s) => s.sellerSku && !/^[=+\-@\t\r]/.test(s.sellerSku));
}

/**
 * The example line of the help text: one day's spend on a real SKU of the shop, so the line imports
 * as shown; without a synced catalog, spend on the whole shop.
 */
export function exampleLine(skus: readonly CostSku[], today: string): string {
  const sku = plainSku(skus);
  return csvLine(
    sku ? [today, '12.50', sku.sellerSku, '', 'Spring sale'] : [today, '12.50', '', '', 'Spring sale'],
  ).trimEnd();
}

/**
 * A template to fill in a spreadsheet: the header, then a line on a SKU, one on a product (when
 * the shop has them) and one on the whole shop. Every line imports as it is.
 */
export function importTemplate(skus: readonly CostSku[], today: string): string {
  const sku = plainSku(skus);
  const product = skus[0]?.productId;
  const lines = [csvLine([...HEADER])];
  if (sku) lines.push(csvLine([today, '12.50', sku.sellerSku, '', 'Spring sale']));
  if (product) lines.push(csvLine([today, '30.00', '', product, 'Brand search']));
  lines.push(csvLine([today, '8.00', '', '', 'Whole shop']));
  return lines.join('');
}

export const AD_SPEND_IMPORT: KindImport<ImportRow, ImportPreview> = {
  endpoint: 'POST shops/[shopId]/your-costs/ad-spend/import',
  title: 'Import ad spend from a CSV',
  intro:
    'One line per day and target. Importing replaces the ad spend already entered on the days the file covers, so importing a month again never counts it twice.',
  columns: [
    { name: 'date', meaning: 'the day, YYYY-MM-DD (or a "day" column); required' },
    { name: 'spend', meaning: 'the amount, like 12.50 (or "amount", "cost"); required' },
    { name: 'sku_id', meaning: 'a SKU id; optional' },
    { name: 'seller_sku', meaning: 'or your seller SKU; optional' },
    { name: 'product_id', meaning: 'or a product id: split over its SKUs by sales; optional' },
    { name: 'campaign', meaning: 'the campaign name; optional' },
  ],
  template: { file: 'ad-spend-template.csv', make: importTemplate, example: exampleLine },
  button: 'Import {n, plural, one {# row} other {# rows}}',
  table: {
    label: 'Rows to import',
    columns: [
      { label: 'Day', role: 'title', nowrap: true, cell: (r) => ({ message: '{day}', values: { day: day(r.day) } }) },
      {
        label: 'Amount',
        role: 'lead',
        num: true,
        cell: (r) => ({ message: '{amount}', values: { amount: money(r.amountCents) } }),
      },
      { label: 'Spent on', role: 'detail', cell: (r) => ({ target: r }) },
      {
        label: 'Campaign',
        role: 'detail',
        cell: (r) => ({
          message: '{campaign, select, none {—} other {{campaign}}}',
          values: present({ campaign: r.campaign ? text(r.campaign) : null }),
        }),
      },
    ],
  },
  summary: (p) => ({
    message:
      '{rows, plural, one {# row} other {# rows}}{days, select, none { read.} other { from {days}, {total} in all.}} {replaces, plural, =0 {No ad spend is entered on those days yet.} one {Importing replaces # existing row on those days.} other {Importing replaces # existing rows on those days.}}',
    values: {
      rows: count(p.rows.length),
      ...(p.from && p.to ? { days: { range: { from: p.from, to: p.to } } } : {}),
      total: money(p.totalCents),
      replaces: count(p.replaces),
    },
  }),
  duplicates: {
    message:
      '{repeats, plural, one {# row repeats} other {# rows repeat}} an earlier row exactly (same day, amount, target and campaign): {lines}.',
    why: 'A platform export that repeats a line would count that spend twice. Import each repeated row once, or every time if the spend really happened more than once.',
    skip: 'Import without the duplicates ({n, plural, one {# row} other {# rows}})',
    keep: 'Import every row ({n, plural, one {# row} other {# rows}})',
  },
};
