import type { Order } from '@/lib/contract';
import { orderProfit, type OrderProfit, type SellerLineCosts } from '@/lib/profit';

/** A table row: the order and its P&L, computed once per page by lib/profit. */
export interface OrderRow {
  order: Order;
  profit: OrderProfit;
}

/** `cogs`: the seller's costs per order (lib/costs/order-cogs: dated COGS, charged kinds); none: the service's figures. */
export function toOrderRows(orders: Order[], cogs?: (order: Order) => SellerLineCosts): OrderRow[] {
  return orders.map((order) => ({ order, profit: orderProfit(order, cogs?.(order)) }));
}
