import { CHARGED_KINDS } from '@/lib/costs/kinds';
import { ratioCell, type CsvColumn } from '@/lib/csv';
import { centsToDecimal } from '@/lib/format/money';
import { SALES_REFUNDS_LABEL } from '@/lib/format/refund-labels';
import type { AllShops, AllShopsRow, RankedSku } from './all-shops';
import { BRIDGE_LABELS as L } from '@/lib/reports/bridge';

// The "All shops" exports: the per-shop table (own currency and converted, with the rates used)
// and the SKU ranking, amounts in major units with two decimals, as the page shows them. The
// shop columns run as the bridge does (lib/reports/bridge, its words): net profit of orders +
// samples + refunds + shop ad spend + expenses = the bottom line; "Ad spend, all" and each charged
// kind's column (fulfilment and packaging) are information, already inside those.

const money = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? null : centsToDecimal(cents);

/** "1.27 (2026-10-01 to 2026-10-14); 1.30 (2026-10-15 to 2026-10-31)": each rate with the days it converted. */
function ratesText(s: AllShopsRow): string {
  if (s.missingDays) return `missing for ${s.missingDays.from} to ${s.missingDays.to}`;
  return s.rates.map((r) => `${r.rate} (${r.usedFrom} to ${r.usedTo})`).join('; ');
}

/** A figure in the shop's own currency: each row its own. */
const ownMoney = { kind: 'money', currency: (s: AllShopsRow) => s.shop.currency } as const;

/**
 * The shops table's columns. Without costs and profit (`seesProfit` false) the refunds are their
 * sales parts (lib/profit/refunds), named so; samples are a marketing cost (hidden with the profit figures).
 */
export function allShopsRowColumns(allShops: Pick<AllShops, 'currency'>, seesProfit = true): CsvColumn<AllShopsRow>[] {
  const target = allShops.currency;
  const refunds = seesProfit ? L.refunds : SALES_REFUNDS_LABEL;
  return [
    { header: 'Shop', value: (s) => s.shop.name },
    { header: 'Shop id', value: (s) => s.shop.id },
    { header: 'Currency', value: (s) => s.shop.currency },
    { header: 'From', value: (s) => s.range.from, kind: 'day' },
    { header: 'To', value: (s) => s.range.to, kind: 'day' },
    { header: 'Time zone', value: (s) => s.range.timeZone },
    { header: 'Partial', value: (s) => s.partial },
    { header: 'Order lines', value: (s) => s.figures.orderLines, kind: 'count' },
    { header: 'Net sales', value: (s) => money(s.figures.netSales), ...ownMoney },
    { header: L.netProfit, value: (s) => money(s.figures.netProfit), ...ownMoney },
    { header: L.samples, value: (s) => money(s.figures.sampleCost), ...ownMoney },
    { header: refunds, value: (s) => money(s.figures.refunds), ...ownMoney },
    { header: L.shopAdSpend, value: (s) => money(s.figures.shopAdSpend), ...ownMoney },
    { header: L.expenses, value: (s) => money(s.figures.expenses), ...ownMoney },
    { header: 'Ad spend, all (in SKUs and shop)', value: (s) => money(s.figures.adSpend), ...ownMoney },
    // Each kind charged per unit or order line (lib/costs/charges): information, inside net profit of orders.
    ...CHARGED_KINDS.map((k): CsvColumn<AllShopsRow> => ({
      header: k.label,
      value: (s) => money(s.figures.chargedCosts[k.id] ?? 0),
      ...ownMoney,
    })),
    { header: L.bottomLine, value: (s) => money(s.figures.netProfitAfterRefunds), ...ownMoney },
    { header: `Rates to ${target}`, value: (s) => ratesText(s) },
    { header: `Net sales (${target})`, value: (s) => money(s.converted?.netSales), kind: 'money' },
    { header: `${L.netProfit} (${target})`, value: (s) => money(s.converted?.netProfit), kind: 'money' },
    { header: `${L.samples} (${target})`, value: (s) => money(s.converted?.sampleCost), kind: 'money' },
    { header: `${refunds} (${target})`, value: (s) => money(s.converted?.refunds), kind: 'money' },
    { header: `${L.shopAdSpend} (${target})`, value: (s) => money(s.converted?.shopAdSpend), kind: 'money' },
    { header: `${L.expenses} (${target})`, value: (s) => money(s.converted?.expenses), kind: 'money' },
    { header: `Ad spend, all (${target})`, value: (s) => money(s.converted?.adSpend), kind: 'money' },
    ...CHARGED_KINDS.map((k): CsvColumn<AllShopsRow> => ({
      header: `${k.label} (${target})`,
      value: (s) => money(s.converted ? (s.converted.chargedCosts[k.id] ?? 0) : null),
      kind: 'money',
    })),
    {
      header: `${L.bottomLine} (${target})`,
      value: (s) => money(s.converted?.netProfitAfterRefunds),
      kind: 'money',
    },
  ];
}

export interface RankedCsvRow extends RankedSku {
  rank: string;
}

export function rankingColumns(allShops: Pick<AllShops, 'currency'>): CsvColumn<RankedCsvRow>[] {
  const target = allShops.currency;
  return [
    { header: 'Rank', value: (r) => r.rank },
    { header: 'Product', value: (r) => r.productName },
    { header: 'SKU', value: (r) => r.skuName },
    { header: 'Seller SKU', value: (r) => r.sellerSku },
    { header: 'Shops', value: (r) => r.shops.map((s) => s.shopName).join('; ') },
    { header: 'SKU ids', value: (r) => r.shops.map((s) => s.skuId).join('; ') },
    { header: 'Order lines', value: (r) => r.lines, kind: 'count' },
    { header: `Net sales (${target})`, value: (r) => money(r.netSales), kind: 'money' },
    { header: `Net profit (${target})`, value: (r) => money(r.netProfit), kind: 'money' },
    {
      header: 'Margin',
      value: (r) => ratioCell(r.margin),
      kind: 'ratio',
    },
  ];
}

/** Top rows as "top 1…", bottom rows as "bottom 1…" (worst first). */
export function rankingCsvRows(allShops: Pick<AllShops, 'ranking'>): RankedCsvRow[] {
  return [
    ...allShops.ranking.top.map((r, i) => ({ ...r, rank: `top ${i + 1}` })),
    ...allShops.ranking.bottom.map((r, i) => ({ ...r, rank: `bottom ${i + 1}` })),
  ];
}
