import type { Order } from '@/lib/contract';
import { orderProfit, type OrderProfit } from '@/lib/profit';
import type { LineCogs } from '@/lib/costs/order-cogs';

/** A table row: the order and its P&L, computed once per page by lib/profit. */
export interface OrderRow {
  order: Order;
  profit: OrderProfit;
}

/** `cogs`: the seller's dated COGS per order (lib/costs/order-cogs); none: the service's figures. */
export function toOrderRows(orders: Order[], cogs?: (order: Order) => LineCogs): OrderRow[] {
  return orders.map((order) => ({ order, profit: orderProfit(order, cogs?.(order)) }));
}
