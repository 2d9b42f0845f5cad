import type { DriftGroup } from '@/lib/reports/settlement';
import type { ExpectedDrift } from '@/lib/reports/settlement-expected';
import type { SettlementData } from '@/lib/reports/settlement-report';
import { skuText } from '@/lib/format/sku';
import { say } from './messages';

// The Settlement page's words: each money column's name, how an expected drift was learned (its
// sentences with figures are in ./messages), a SKU's name. Costs are negative amounts (net profit =
// net sales + costs), so a column's drift is its effect on profit: a minus is money lost at settlement.

export type MoneyColumn = keyof DriftGroup['columns'];

/** Every money column, in the P&L's order. */
export const COLUMN_LABELS: Readonly<Record<MoneyColumn, string>> = {
  gmv: 'GMV',
  gross_sales: 'Gross sales',
  promos: 'Promos',
  net_sales: 'Net sales',
  cost_of_goods: 'Cost of goods',
  shipping: 'Shipping',
  platform_fees: 'Platform fees',
  affiliate_commission: 'Affiliate commission',
  total_costs: 'Total costs',
  net_profit: 'Net profit',
};

const ORDER = Object.keys(COLUMN_LABELS) as MoneyColumn[];

/** The cost types (and any other part) that changed, in the P&L's order: net profit and total costs are their sum. */
export function partsThatChanged(changed: readonly MoneyColumn[]): MoneyColumn[] {
  return ORDER.filter((c) => c !== 'net_profit' && c !== 'total_costs' && changed.includes(c));
}

/** How an expected drift was learned, in a seller's words. */
export function methodLabel(e: Pick<ExpectedDrift, 'method' | 'observedOrders' | 'settledOrders' | 'unsettledOrders'>) {
  switch (e.method) {
    case 'observed':
      return say('learnedObserved', { orders: { count: e.observedOrders } });
    case 'ratio':
      return say('learnedRatio', { settled: { count: e.settledOrders }, unsettled: { count: e.unsettledOrders } });
    case 'shop':
      return 'the shop’s figure';
  }
}

/** A SKU's product and SKU names with its seller SKU; its id when the store has no name for it. */
export function skuNames(skus: SettlementData['skus'], skuId: string) {
  const n = skus[skuId];
  return n ? { title: n.productName, detail: skuText({ ...n, skuId }) } : { title: skuId, detail: '' };
}
