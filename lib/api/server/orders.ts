import 'server-only';
import type { OrdersQuery } from '@/lib/api/queries';
import type { OrdersData } from '@/lib/api/schemas';
import { listOrdersAcrossWindows } from '@/lib/upstream';
import { resolveRange } from '@/lib/time';
import type { ConnectedShop } from './shops';
import { upstream } from './upstream';

/** One page of a shop's orders in a range picked in the shop's time zone (any length: windows are split upstream-side). */
export async function loadOrders(shop: ConnectedShop, query: OrdersQuery, now: number = Date.now()): Promise<OrdersData> {
  const { range: selection, sort, page, limit, ...filters } = query;
  const range = resolveRange(selection, shop.timezone, now);
  const result = await listOrdersAcrossWindows(
    upstream(),
    shop.id,
    {
      ...filters,
      startDate: range.startDate,
      endDate: range.endDate,
      sort: sort === 'asc' ? 'ASC' : 'DESC',
      page,
      limit,
    },
    { priority: 'interactive' },
  );
  return { items: result.items, pagination: result.pagination, range };
}
