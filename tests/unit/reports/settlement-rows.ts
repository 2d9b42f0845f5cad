import { MONEY_COLUMNS, type MoneyColumns } from '@/lib/store/schema';
import type { SettleOrderPair, StoredLine } from '@/lib/store/snapshots';

// Hand-made snapshot pairs and stored lines for the settlement drift tests (cents).

type Costs = Partial<Pick<MoneyColumns, 'cost_of_goods' | 'shipping' | 'platform_fees' | 'affiliate_commission'>>;

/** A line's money: net profit and total costs follow from net sales and the costs given. */
export function money(netSales: number, costs: Costs = {}): MoneyColumns {
  const m = Object.fromEntries(MONEY_COLUMNS.map((c) => [c, 0])) as MoneyColumns;
  Object.assign(m, costs);
  m.net_sales = netSales;
  m.gross_sales = netSales;
  m.gmv = netSales;
  m.total_costs = m.cost_of_goods + m.shipping + m.platform_fees + m.affiliate_commission;
  m.net_profit = netSales + m.total_costs;
  return m;
}

export function pair(orderId: string, lines: [skuId: string, estimate: MoneyColumns, settled: MoneyColumns][]) {
  return {
    orderId,
    localDay: '2026-11-01',
    estimateSeenAt: 1,
    settledSeenAt: 2,
    lines: lines.map(([skuId, estimate, settled], lineIndex) => ({ lineIndex, skuId, estimate, settled })),
  } satisfies SettleOrderPair;
}

/** One order of one SKU whose platform fees move by `feeDrift` at settlement. */
export const feePair = (orderId: string, skuId: string, netSales: number, fees: number, feeDrift: number) =>
  pair(orderId, [
    [skuId, money(netSales, { platform_fees: fees }), money(netSales, { platform_fees: fees + feeDrift })],
  ]);

export function stored(orderId: string, skuId: string, estimated: boolean, m: MoneyColumns, lineIndex = 0): StoredLine {
  return { orderId, lineIndex, skuId, localDay: '2026-11-01', estimated, ...m };
}
