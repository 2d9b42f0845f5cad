import { ratioCell, type CsvColumn } from '@/lib/csv';
import { centsToDecimal } from '@/lib/format/money';
import type { DriftGroup } from './settlement';
import { DRIFT_METHOD_WORDS } from './settlement-apply';
import { expectedFor, type ExpectedDrift } from './settlement-expected';
import type { BacktestFigures, ForecastRow } from './settlement-forecast';
import type { SettlementReport } from './settlement-report';

// The Settlement export: one row per SKU the report mentions, with the range's observed drift, the
// expected drift and its method, the forecast of its open lines and the backtest. Amounts in major
// units with two decimals, drifts as fractions of net sales (a spreadsheet's percentages).

export interface SettlementSkuRow {
  skuId: string;
  productName: string;
  skuName: string;
  sellerSku: string;
  /** Its lines of the range's orders seen in both states; null without any. */
  observed: DriftGroup | null;
  expected: ExpectedDrift;
  /** Its open lines' forecast; null without any. */
  forecast: ForecastRow | null;
  backtest: BacktestFigures | null;
}

/** The report's SKUs (observed, expected, forecast or backtested), in SKU id order. */
export function settlementSkuRows(
  report: SettlementReport,
  skus: Readonly<Record<string, { productName: string; skuName: string; sellerSku: string }>>,
): SettlementSkuRow[] {
  const observed = new Map(report.observed.skus.map((s) => [s.skuId, s]));
  const forecast = new Map(report.forecast.rows.map((r) => [r.skuId, r]));
  const backtest = new Map(report.backtest.skus.map((b) => [b.skuId, b]));
  const ids = new Set([
    ...observed.keys(),
    ...report.expected.skus.flatMap((e) => (e.skuId === null ? [] : [e.skuId])),
    ...forecast.keys(),
    ...backtest.keys(),
  ]);
  return [...ids].sort().map((skuId) => ({
    skuId,
    productName: skus[skuId]?.productName ?? skuId,
    skuName: skus[skuId]?.skuName ?? '',
    sellerSku: skus[skuId]?.sellerSku ?? '',
    observed: observed.get(skuId) ?? null,
    expected: expectedFor(report.expected, skuId),
    forecast: forecast.get(skuId) ?? null,
    backtest: backtest.get(skuId) ?? null,
  }));
}

// Drifts are small fractions of net sales: six places keep them readable as percentages.
const ratio = (value: number | null | undefined) => ratioCell(value, 6);
const money = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? null : centsToDecimal(cents);

export const settlementCsvColumns: CsvColumn<SettlementSkuRow>[] = [
  { header: 'Product', value: (r) => r.productName },
  { header: 'Seller SKU', value: (r) => r.sellerSku },
  { header: 'SKU', value: (r) => r.skuName },
  { header: 'SKU id', value: (r) => r.skuId },
  { header: 'Orders observed (estimate and settled)', value: (r) => r.observed?.orders ?? 0, kind: 'count' },
  {
    header: 'Net profit change at settlement',
    value: (r) => money(r.observed?.columns.net_profit.total ?? null),
    kind: 'money',
  },
  {
    header: 'Net profit change at settlement (of net sales)',
    value: (r) => ratio(r.observed?.columns.net_profit.ofNetSales),
    kind: 'ratio',
  },
  {
    header: 'Net profit change, low of most orders (8 in 10)',
    value: (r) => ratio(r.observed?.columns.net_profit.p10),
    kind: 'ratio',
  },
  {
    header: 'Net profit change, high of most orders (8 in 10)',
    value: (r) => ratio(r.observed?.columns.net_profit.p90),
    kind: 'ratio',
  },
  {
    header: 'Shipping change at settlement (of net sales)',
    value: (r) => ratio(r.observed?.columns.shipping.ofNetSales),
    kind: 'ratio',
  },
  {
    header: 'Platform fees change at settlement (of net sales)',
    value: (r) => ratio(r.observed?.columns.platform_fees.ofNetSales),
    kind: 'ratio',
  },
  {
    header: 'Affiliate commission change at settlement (of net sales)',
    value: (r) => ratio(r.observed?.columns.affiliate_commission.ofNetSales),
    kind: 'ratio',
  },
  { header: 'Expected change: how it was learned', value: (r) => DRIFT_METHOD_WORDS[r.expected.method] },
  {
    header: 'Expected net profit change at settlement (of net sales)',
    value: (r) => ratio(r.expected.ratios.net_profit),
    kind: 'ratio',
  },
  { header: 'Open net sales', value: (r) => money(r.forecast?.netSales ?? 0), kind: 'money' },
  { header: 'Estimate net profit (open, raw)', value: (r) => money(r.forecast?.estimateNetProfit), kind: 'money' },
  {
    header: 'Expected settled net profit (open, forecast)',
    value: (r) => money(r.forecast?.expectedNetProfit),
    kind: 'money',
  },
  { header: 'Forecast low', value: (r) => money(r.forecast?.low), kind: 'money' },
  { header: 'Forecast high', value: (r) => money(r.forecast?.high), kind: 'money' },
  { header: 'Backtest orders', value: (r) => r.backtest?.orders ?? 0, kind: 'count' },
  {
    header: 'Backtest estimate error per order',
    value: (r) => money(r.backtest ? Math.round(r.backtest.estimateError) : null),
    kind: 'money',
  },
  {
    header: 'Backtest forecast error per order',
    value: (r) => money(r.backtest ? Math.round(r.backtest.forecastError) : null),
    kind: 'money',
  },
  {
    header: 'Backtest estimate error (of net sales)',
    value: (r) => ratio(r.backtest?.estimateErrorShare),
    kind: 'ratio',
  },
  {
    header: 'Backtest forecast error (of net sales)',
    value: (r) => ratio(r.backtest?.forecastErrorShare),
    kind: 'ratio',
  },
];
