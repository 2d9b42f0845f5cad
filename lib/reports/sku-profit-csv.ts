import { CHARGED_KINDS } from '@/lib/costs/kinds';
import { ratioCell, type CsvColumn } from '@/lib/csv';
import { centsToDecimal } from '@/lib/format/money';
import { DRIFT_METHOD_WORDS, type SkuReportWithForecast } from './settlement-apply';
import type { SkuProfitRow } from './sku-report';

// The SKU profit export: the same rows as the table, amounts in major units with two decimals.

export const skuProfitCsvColumns: CsvColumn<SkuProfitRow>[] = [
  { header: 'Product', value: (r) => r.productName },
  { header: 'Seller SKU', value: (r) => r.sellerSku },
  { header: 'SKU', value: (r) => r.skuName },
  { header: 'Product id', value: (r) => r.productId },
  { header: 'SKU id', value: (r) => r.skuId },
  { header: 'Order lines', value: (r) => r.lines, kind: 'count' },
  {
    header: 'Estimated units',
    value: (r) => (r.estimatedUnits === null ? null : Math.round(r.estimatedUnits * 10) / 10),
    kind: 'number',
  },
  // Gross sales + promos = net sales: the seller-funded promos are inside net sales, never a cost.
  { header: 'Gross sales', value: (r) => centsToDecimal(r.grossSales), kind: 'money' },
  { header: 'Promos (in net sales)', value: (r) => centsToDecimal(r.promos), kind: 'money' },
  { header: 'Net sales', value: (r) => centsToDecimal(r.netSales), kind: 'money' },
  { header: 'Cost of goods', value: (r) => centsToDecimal(r.costOfGoods), kind: 'money' },
  {
    header: 'Cost of goods from',
    value: (r) => ({ service: 'service', input: 'your unit cost', mixed: 'your unit cost and service' })[r.cogsSource],
  },
  { header: 'Cost of goods (service)', value: (r) => centsToDecimal(r.serviceCostOfGoods), kind: 'money' },
  { header: 'Shipping', value: (r) => centsToDecimal(r.shipping), kind: 'money' },
  { header: 'Platform fees', value: (r) => centsToDecimal(r.platformFees), kind: 'money' },
  { header: 'Affiliate commission', value: (r) => centsToDecimal(r.affiliateCommission), kind: 'money' },
  { header: 'Ad spend (your input)', value: (r) => centsToDecimal(r.adSpend), kind: 'money' },
  {
    header: 'Allocated shop costs (by net sales share)',
    value: (r) => centsToDecimal(r.allocatedCosts),
    kind: 'money',
  },
  // One column per kind charged per unit or order line (lib/costs/charges), in the P&L's words.
  ...CHARGED_KINDS.map((k): CsvColumn<SkuProfitRow> => ({
    header: k.label,
    value: (r) => centsToDecimal(r.chargedCosts[k.id] ?? 0),
    kind: 'money',
  })),
  { header: 'Net profit', value: (r) => centsToDecimal(r.netProfit), kind: 'money' },
  { header: 'Margin', value: (r) => ratioCell(r.margin), kind: 'ratio' },
  { header: 'Share of total profit', value: (r) => ratioCell(r.profitShare), kind: 'ratio' },
  { header: 'Estimated share (unsettled)', value: (r) => ratioCell(r.estimatedShare), kind: 'ratio' },
];

type ForecastRow = SkuReportWithForecast['rows'][number];

/** A figure of the forecast; a SKU without open lines is settled: its net profit is final. */
const forecastMoney = (r: ForecastRow, key: 'expectedNetProfit' | 'low' | 'high') =>
  centsToDecimal(r.forecast ? r.forecast[key] : r.netProfit);

/**
 * With `forecast=on`, beside the estimate: the SKU's net profit once its open lines settle as
 * expected, its band and how the drift was learned.
 */
export const skuForecastCsvColumns: CsvColumn<ForecastRow>[] = [
  {
    header: 'Expected settled net profit (forecast)',
    value: (r) => forecastMoney(r, 'expectedNetProfit'),
    kind: 'money',
  },
  { header: 'Forecast low', value: (r) => forecastMoney(r, 'low'), kind: 'money' },
  { header: 'Forecast high', value: (r) => forecastMoney(r, 'high'), kind: 'money' },
  {
    header: 'Forecast method',
    value: (r) => (r.forecast ? DRIFT_METHOD_WORDS[r.forecast.method] : 'settled (no open orders)'),
  },
];
