import type { Order, OrderProduct } from '@/lib/contract';
import { toCents } from '@/lib/profit/money';
import { shopLocalDate } from '@/lib/time';
import { cogsSchedule, recostedCogs, unitCostOn } from './cogs';
import type { CogsEntry } from './types';

// The seller's dated COGS for order lines, where orders are shown one by one (the orders table,
// an order's P&L, its explanation, the orders export): the same rule as the reports (./cogs),
// keyed by the order's shop-local day.

/** What an orders page needs to re-cost its lines: the entries and the catalog prices (cents). */
export interface OrderCogsData {
  entries: CogsEntry[];
  prices: Record<string, number>;
}

export type LineCogs = (product: OrderProduct) => number | null;

/** Per order, a line's cost of goods under the seller's unit cost (null: the service's); undefined when nothing is re-costed. */
export function orderCogs(
  data: OrderCogsData | null | undefined,
  timeZone: string,
): ((order: Order) => LineCogs) | undefined {
  if (!data || data.entries.length === 0) return undefined;
  const schedule = cogsSchedule(data.entries);
  return (order) => {
    const day = shopLocalDate(order.createTime, timeZone);
    return (p) => recostedCogs(toCents(p.grossSales), data.prices[p.skuId] ?? null, unitCostOn(schedule, p.skuId, day));
  };
}
