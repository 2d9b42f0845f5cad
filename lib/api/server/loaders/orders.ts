import 'server-only';
import type { OrdersQuery } from '@/lib/api/query-params';
import type { OrdersData } from '@/lib/api/schemas';
import { listOrdersAcrossWindows } from '@/lib/upstream';
import { resolveRange } from '@/lib/time';
import type { ConnectedShop } from './shops';
import { upstream } from '../upstream';
import { viewNow } from '../view-time';

/**
 * One page of a shop's orders in a range picked in the shop's time zone (any length: windows are
 * split upstream-side). `signal`: the browser's request; when it is abandoned the queued upstream
 * request leaves the queue and spends no budget.
 */
export async function loadOrders(shop: ConnectedShop, query: OrdersQuery, now: number = Date.now(), signal?: AbortSignal): Promise<OrdersData> {
  const { range: selection, sort, page, limit, ...filters } = query;
  const range = resolveRange(selection, shop.timezone, viewNow(now));
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
    { priority: 'interactive', signal },
  );
  return { items: result.items, pagination: result.pagination, range };
}
