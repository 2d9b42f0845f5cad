import { partLabel, settlementLabel, statusLabel, yesNo } from '@/lib/format/labels';
import {
  AFFILIATE_COMMISSION_PARTS,
  PLATFORM_FEE_PARTS,
  SHIPPING_COST_PARTS,
  type Order,
  type OrderProduct,
} from '@/lib/contract';
import { ratioCell, type CsvColumn } from '@/lib/csv';
import { centsToDecimal } from '@/lib/format/money';
import { formatShopDateTime } from '@/lib/time';
import { lineProfit, toCents, type LineProfit, type SellerLineCosts } from '@/lib/profit';
import { CHARGED_KINDS } from '@/lib/costs/kinds';

// The orders export: one row per product line, with its order's columns and every P&L figure of
// lib/profit (plus the upstream's parts of each cost group), amounts in major units. With the
// seller's costs, one column per charged kind (lib/costs/charges) after the service's cost groups.

export interface OrderLine {
  order: Order;
  product: OrderProduct;
  line: LineProfit;
  lineNo: number;
}

/** `cogs`: the seller's costs per order (lib/costs/order-cogs: dated COGS, charged kinds), or none: the service's figures. */
export function* orderLines(orders: Iterable<Order>, cogs?: (order: Order) => SellerLineCosts): Generator<OrderLine> {
  for (const order of orders) {
    const costs = cogs?.(order);
    for (const [i, product] of order.products.entries())
      yield { order, product, line: lineProfit(product, costs?.cogs[i] ?? null, costs?.charges[i]), lineNo: i + 1 };
  }
}

const money = (pick: (l: LineProfit) => number) => (r: OrderLine) => centsToDecimal(pick(r.line));
const part = (group: 'shippingCost' | 'platformFees' | 'affiliateCommission', key: string) => (r: OrderLine) =>
  centsToDecimal(toCents((r.product[group] as Record<string, number>)[key] ?? 0));

/** `charged`: the seller's costs are counted (costs=mine): a column per charged kind. */
export function orderLineColumns(timeZone: string, charged = false): CsvColumn<OrderLine>[] {
  return [
    { header: 'Order number', value: (r) => r.order.orderNumber },
    { header: 'Order id', value: (r) => r.order.id },
    {
      header: `Created (${timeZone})`,
      value: (r) => formatShopDateTime(r.order.createTime, timeZone, { seconds: true }),
      kind: 'time',
    },
    {
      header: `Paid (${timeZone})`,
      value: (r) => formatShopDateTime(r.order.paidTime, timeZone, { seconds: true }),
      kind: 'time',
    },
    { header: 'Status', value: (r) => statusLabel(r.order.status) },
    { header: 'Status code', value: (r) => r.order.status },
    { header: 'Settlement', value: (r) => settlementLabel(r.order).label },
    { header: 'Order type code', value: (r) => r.order.orderType },
    { header: 'Estimated', value: (r) => (r.order.orderType === 'SETTLED' ? 'No' : 'Yes') },
    { header: 'Sample order', value: (r) => yesNo(r.order.sampleOrder) },
    { header: 'Shipping type', value: (r) => r.order.shippingType },
    { header: 'Fulfillment type', value: (r) => r.order.fulfillmentType },
    { header: 'Line', value: (r) => r.lineNo, kind: 'count' },
    { header: 'Product name', value: (r) => r.product.name },
    { header: 'Seller SKU', value: (r) => r.product.sellerSku },
    { header: 'SKU name', value: (r) => r.product.skuName },
    { header: 'Product id', value: (r) => r.product.productId },
    { header: 'SKU id', value: (r) => r.product.skuId },
    { header: 'GMV', value: money((l) => l.gmv), kind: 'money' },
    { header: 'GMV: product sales', value: money((l) => l.productSales), kind: 'money' },
    { header: 'GMV: shipping fee', value: money((l) => l.shippingFee), kind: 'money' },
    { header: 'GMV: seller discount', value: money((l) => l.sellerDiscount), kind: 'money' },
    { header: 'GMV: platform discount', value: money((l) => l.platformDiscount), kind: 'money' },
    { header: 'Gross sales', value: money((l) => l.grossSales), kind: 'money' },
    { header: 'Promos', value: money((l) => l.promos), kind: 'money' },
    { header: 'Net sales', value: money((l) => l.netSales), kind: 'money' },
    { header: 'Cost of goods', value: money((l) => l.costOfGoods), kind: 'money' },
    { header: 'Cost of goods from', value: (r) => (r.line.cogsFromInput ? 'Your unit cost' : 'The service') },
    { header: 'Cost of goods (service)', value: money((l) => l.serviceCostOfGoods), kind: 'money' },
    { header: 'Shipping', value: money((l) => l.shipping), kind: 'money' },
    ...SHIPPING_COST_PARTS.map((k) => ({
      header: `Shipping: ${partLabel(k)}`,
      value: part('shippingCost', k),
      kind: 'money' as const,
    })),
    { header: 'Platform fees', value: money((l) => l.platformFees), kind: 'money' },
    ...PLATFORM_FEE_PARTS.map((k) => ({
      header: `Platform fees: ${partLabel(k)}`,
      value: part('platformFees', k),
      kind: 'money' as const,
    })),
    { header: 'Affiliate commission', value: money((l) => l.affiliateCommission), kind: 'money' },
    ...AFFILIATE_COMMISSION_PARTS.map((k) => ({
      header: `Affiliate commission: ${partLabel(k)}`,
      value: part('affiliateCommission', k),
      kind: 'money' as const,
    })),
    ...(charged ? CHARGED_KINDS : []).map((k) => ({
      header: k.label,
      value: money((l) => l.charges.find((c) => c.id === k.id)?.cents ?? 0),
      kind: 'money' as const,
    })),
    { header: 'Total costs', value: money((l) => l.totalCosts), kind: 'money' },
    { header: 'Net profit', value: money((l) => l.netProfit), kind: 'money' },
    {
      header: 'Margin',
      value: (r) => ratioCell(r.line.margin),
      kind: 'ratio',
    },
  ];
}
