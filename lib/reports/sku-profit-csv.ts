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
  { header: 'Order lines', value: (r) => r.lines },
  {
    header: 'Estimated units',
    value: (r) => (r.estimatedUnits === null ? null : Math.round(r.estimatedUnits * 10) / 10),
  },
  { header: 'Net sales', value: (r) => centsToDecimal(r.netSales) },
  { header: 'Cost of goods', value: (r) => centsToDecimal(r.costOfGoods) },
  {
    header: 'Cost of goods from',
    value: (r) => ({ service: 'service', input: 'your unit cost', mixed: 'your unit cost and service' })[r.cogsSource],
  },
  { header: 'Cost of goods (service)', value: (r) => centsToDecimal(r.serviceCostOfGoods) },
  { header: 'Shipping', value: (r) => centsToDecimal(r.shipping) },
  { header: 'Platform fees', value: (r) => centsToDecimal(r.platformFees) },
  { header: 'Affiliate commission', value: (r) => centsToDecimal(r.affiliateCommission) },
  { header: 'Promos', value: (r) => centsToDecimal(r.promos) },
  { header: 'Ad spend (your input)', value: (r) => centsToDecimal(r.adSpend) },
  { header: 'Allocated shop costs (by net sales share)', value: (r) => centsToDecimal(r.allocatedCosts) },
  { header: 'Net profit', value: (r) => centsToDecimal(r.netProfit) },
  { header: 'Margin', value: (r) => ratio(r.margin) },
  { header: 'Share of total profit', value: (r) => ratio(r.profitShare) },
  { header: 'Estimated share (unsettled)', value: (r) => ratio(r.estimatedShare) },
];
