import 'server-only';
import type { OrdersQuery } from '@/lib/api/query-params';
import type { OrdersData } from '@/lib/api/schemas';
import { listOrdersAcrossWindows } from '@/lib/upstream';
import { resolveRange } from '@/lib/time';
import type { ConnectedShop } from './shops';
import { upstream } from '../upstream';
import { viewNow } from '../view-time';
import type { OrderCogsData } from '@/lib/costs/order-cogs';
import { DEFAULT_COST_VIEW, type CostViewOptions } from '@/lib/reports/query-params';
import { getOrderStore } from '@/lib/store';
import { readCogsEntries } from '@/lib/store/cost-inputs';
import { skuInfo } from '@/lib/store/reads';

/**
 * One page of a shop's orders in a range picked in the shop's time zone (any length: windows are
 * split upstream-side). `signal`: the browser's request; when it is abandoned the queued upstream
 * request leaves the queue and spends no budget.
 */
export async function loadOrders(
  shop: ConnectedShop,
  query: OrdersQuery,
  now: number = Date.now(),
  signal?: AbortSignal,
  costView: CostViewOptions = DEFAULT_COST_VIEW,
): Promise<OrdersData> {
  const { range: selection, sort, page, limit, ...filters } = query;
  const range = resolveRange(selection, shop.timezone, viewNow(now));
  const [result, cogs] = await Promise.all([
    listOrders(),
    costView.costs === 'mine' ? loadOrderCogs(shop.id).catch(storeDown) : null,
  ]);
  return { items: result.items, pagination: result.pagination, range, cogs };

  function listOrders() {
    return listOrdersAcrossWindows(
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
  }
}

/** The orders table reads the upstream: a store that cannot be read leaves its lines at the service's COGS, not the page broken. */
function storeDown(error: unknown): null {
  console.warn(
    `[orders] order store unavailable, lines keep the service's cost of goods: ${error instanceof Error ? error.message : String(error)}`,
  );
  return null;
}

/** The seller's dated COGS and the catalog prices they re-cost lines with (null when none is set). */
export async function loadOrderCogs(shopId: string): Promise<OrderCogsData | null> {
  const store = await getOrderStore();
  const entries = await readCogsEntries(store.db, shopId);
  if (entries.length === 0) return null;
  const info = await skuInfo(store.db, shopId);
  const prices: Record<string, number> = {};
  for (const [sku, i] of info) if (i.priceCents) prices[sku] = i.priceCents;
  return { entries, prices };
}
