import type { CsvColumn } from '@/lib/csv';
import { centsToDecimal } from '@/lib/format/money';
import type { SkuProfitRow } from './sku-report';

// The SKU profit export: the same rows as the table, amounts in major units with two decimals.

const ratio = (value: number | null) => (value === null ? null : Math.round(value * 10_000) / 10_000);

export const skuProfitCsvColumns: CsvColumn<SkuProfitRow>[] = [
  { header: 'Product', value: (r) => r.productName },
  { header: 'Product id', value: (r) => r.productId },
  { header: 'SKU', value: (r) => r.skuName },
  { header: 'SKU id', value: (r) => r.skuId },
  { header: 'Seller SKU', value: (r) => r.sellerSku },
  { header: 'Order lines', value: (r) => r.lines, kind: 'count' },
  {
    header: 'Estimated units',
    value: (r) => (r.estimatedUnits === null ? null : Math.round(r.estimatedUnits * 10) / 10),
    kind: 'number',
  },
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
  { header: 'Promos', value: (r) => centsToDecimal(r.promos), kind: 'money' },
  { header: 'Ad spend (your input)', value: (r) => centsToDecimal(r.adSpend), kind: 'money' },
  {
    header: 'Allocated shop costs (by net sales share)',
    value: (r) => centsToDecimal(r.allocatedCosts),
    kind: 'money',
  },
  { header: 'Net profit', value: (r) => centsToDecimal(r.netProfit), kind: 'money' },
  { header: 'Margin', value: (r) => ratio(r.margin), kind: 'ratio' },
  { header: 'Share of total profit', value: (r) => ratio(r.profitShare), kind: 'ratio' },
  { header: 'Estimated share (unsettled)', value: (r) => ratio(r.estimatedShare), kind: 'ratio' },
];
