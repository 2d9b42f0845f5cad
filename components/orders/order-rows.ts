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

/** "AWAITING_SHIPMENT" → "Awaiting shipment". */
export function statusLabel(status: string): string {
  const words = status.toLowerCase().replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The settlement badge; its hint names fees only to a person who sees them (`fullFigures`). */
export function settlementLabel(
  order: Pick<Order, 'orderType'>,
  fullFigures = true,
): { label: string; estimated: boolean; hint: string } {
  if (order.orderType === 'SETTLED') return { label: 'Settled', estimated: false, hint: 'Final figures' };
  const hint = `Not settled yet: ${fullFigures ? 'fees' : 'figures'} may still change at settlement`;
  return { label: order.orderType === 'DRAFT' ? 'Estimated (draft)' : 'Estimated', estimated: true, hint };
}
