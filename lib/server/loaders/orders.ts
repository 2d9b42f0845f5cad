import 'server-only';
import type { OrdersQuery } from '@/lib/views/orders';
import type { OrdersData } from '@/lib/api/schemas';
import { paginate } from '@/lib/contract';
import type { OrderCogsData } from '@/lib/costs/order-cogs';
import { logWarning } from '@/lib/log';
import { DEFAULT_COST_VIEW, type CostViewOptions } from '@/lib/views/switches';
import { getOrderStore } from '@/lib/store';
import { readChargedRates, readCogsEntries } from '@/lib/store/cost-inputs';
import { storedOrderPage } from '@/lib/store/order-list';
import { orderCogsData } from '@/lib/store/reads';
import { resolveRange } from '@/lib/time';
import { listOrdersAcrossWindows } from '@/lib/upstream';
import { upstream } from '../upstream';
import { viewNow } from '../view-time';
import type { ConnectedShop } from './shops';
import { storeFirst } from './store-first';

// One page of a shop's orders: the store's when it holds the range (lib/store/order-list gives the
// upstream's filters, order and paging), the upstream's otherwise, by the rule of ./store-first.

async function loadOrderCogsOrNull(shopId: string, costView: CostViewOptions): Promise<OrderCogsData | null> {
  if (costView.costs !== 'mine') return null;
  return loadOrderCogs(shopId).catch((error: unknown) => {
    // A store that cannot be read leaves the lines at the service's figures, not the page broken.
    logWarning('orders', "order store unavailable, lines keep the service's figures", error);
    return null;
  });
}

export async function loadOrders(
  shop: ConnectedShop,
  query: OrdersQuery,
  now: number = Date.now(),
  signal?: AbortSignal,
  costView: CostViewOptions = DEFAULT_COST_VIEW,
): Promise<OrdersData> {
  const { range: selection, sort, page, limit, ...filters } = query;
  const range = resolveRange(selection, shop.timezone, viewNow(now));
  const window = { startDate: range.startDate, endDate: range.endDate };
  const [listed, cogs] = await Promise.all([
    storeFirst(
      shop,
      range,
      {
        store: async (store) => {
          const { items, total } = await storedOrderPage(store, {
            shopId: shop.id,
            ...window,
            sort,
            page,
            limit,
            ...filters,
          });
          return { items, pagination: paginate(total, page, limit) };
        },
        upstream: (deadline) =>
          listOrdersAcrossWindows(
            upstream(),
            shop.id,
            { ...filters, ...window, sort: sort === 'asc' ? 'ASC' : 'DESC', page, limit },
            { priority: 'interactive', signal: deadline },
          ),
      },
      signal,
    ),
    loadOrderCogsOrNull(shop.id, costView),
  ]);
  const { value, ...frame } = listed;
  return { items: value.items, pagination: value.pagination, range, cogs, ...frame };
}

/** The seller's dated COGS, charged kinds and the catalog prices they cost lines with (null when none is set). */
export async function loadOrderCogs(shopId: string): Promise<OrderCogsData | null> {
  const store = await getOrderStore();
  const [entries, charges] = await Promise.all([readCogsEntries(store.db, shopId), readChargedRates(store.db, shopId)]);
  return orderCogsData(store.db, shopId, entries, charges);
}
