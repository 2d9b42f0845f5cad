import type { Order } from '@/lib/contract';
import { lineProfit, type LineCharge, type LineProfit } from './line';
import { margin } from './money';

/** The additive part of a P&L: everything but the margin, which is derived. */
export type ProfitSums = Omit<LineProfit, 'margin' | 'cogsFromInput' | 'charges'>;
export type ProfitTotals = ProfitSums & { margin: number | null };

const SUM_KEYS = [
  'gmv',
  'productSales',
  'shippingFee',
  'sellerDiscount',
  'platformDiscount',
  'grossSales',
  'promos',
  'netSales',
  'costOfGoods',
  'serviceCostOfGoods',
  'shipping',
  'platformFees',
  'affiliateCommission',
  'charged',
  'totalCosts',
  'netProfit',
] as const satisfies readonly (keyof ProfitSums)[];

function emptySums(): ProfitSums {
  return Object.fromEntries(SUM_KEYS.map((k) => [k, 0])) as ProfitSums;
}

/** Adds `b` into `a` (mutates `a`; cents, exact). */
function addInto(a: ProfitSums, b: ProfitSums): ProfitSums {
  for (const k of SUM_KEYS) a[k] += b[k];
  return a;
}

/** The sums with their margin: a ratio is derived from the sums, never added up itself. */
export function withMargin<T extends Pick<ProfitSums, 'netProfit' | 'netSales'>>(
  sums: T,
): T & { margin: number | null } {
  return { ...sums, margin: margin(sums.netProfit, sums.netSales) };
}

function sumProfit(items: Iterable<ProfitSums>): ProfitTotals {
  const acc = emptySums();
  for (const item of items) addInto(acc, item);
  return withMargin(acc);
}

const CANCELLED_STATUS = 'CANCELLED';

export interface OrderProfit {
  lines: LineProfit[];
  /** Net profit of an order = the sum of its lines. */
  totals: ProfitTotals;
  /** Unsettled or draft: fees may still change at settlement. */
  estimated: boolean;
  cancelled: boolean;
  sample: boolean;
}

/**
 * The seller's costs of an order's lines, by line index (lib/costs/order-cogs): each line's cost of
 * goods under the seller's dated unit cost (null: the service's) and its charged kinds.
 */
export interface SellerLineCosts {
  cogs: readonly (number | null)[];
  charges: readonly (readonly LineCharge[])[];
}

/** `costs`: the seller's costs of the order's lines (none: the service's figures); see lineProfit. */
export function orderProfit(order: Order, costs?: SellerLineCosts): OrderProfit {
  const lines = order.products.map((p, i) => lineProfit(p, costs?.cogs[i] ?? null, costs?.charges[i]));
  return {
    lines,
    totals: sumProfit(lines),
    estimated: order.orderType !== 'SETTLED',
    cancelled: order.status.toUpperCase() === CANCELLED_STATUS,
    sample: order.sampleOrder === 'YES',
  };
}
