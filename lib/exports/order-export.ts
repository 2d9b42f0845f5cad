import 'server-only';
import type { OrdersQuery } from '@/lib/api/queries';
import type { ConnectedShop } from '@/lib/api/server/shops';
import { getOrderStore } from '@/lib/store';
import type { OrderStore } from '@/lib/store/order-store';
import { getSyncEngine, type SyncEngine } from '@/lib/sync';
import type { ResolvedRange } from '@/lib/time';
import { orderFilter } from './order-filter';
import { orderLines, type OrderLine } from './order-lines';
import { orderLineBatches } from './sources';
import { storedOrders } from './store-orders';

// Where the orders export reads from (DESIGN.md, "The upstream budget"): a range whose every day
// is synced streams from the local order store in well under a second per year; otherwise the
// upstream is paged as before (correct, only slow at 6,000 orders a minute) while a background
// sync of the range starts, so the next export of it is instant.

export type ExportSource = 'store' | 'upstream';

export interface OrderExport {
  source: ExportSource;
  batches: AsyncIterable<OrderLine[]>;
}

export interface OrderExportDeps {
  store: OrderStore;
  engine: Pick<SyncEngine, 'ensure' | 'isFresh'>;
}

async function defaultDeps(): Promise<OrderExportDeps> {
  const [store, engine] = await Promise.all([getOrderStore(), getSyncEngine()]);
  return { store, engine };
}

/**
 * True when the store holds every day of the range, freshly enough that the sync would fetch
 * nothing (recent days re-synced within the freshness window); starts or refreshes the sync either way.
 * "Synced once" is not enough: an export must list the orders the table shows.
 */
async function storeCovers(shop: ConnectedShop, range: ResolvedRange, deps: OrderExportDeps): Promise<boolean> {
  const ref = { id: shop.id, timezone: shop.timezone };
  const days = { from: range.from, to: range.to };
  await deps.engine.ensure(ref, days);
  return deps.engine.isFresh(ref, days);
}

export async function* storedOrderLineBatches(store: OrderStore, shop: ConnectedShop, query: OrdersQuery, range: ResolvedRange): AsyncGenerator<OrderLine[]> {
  const { range: _range, page: _page, limit: _limit, sort, ...filters } = query;
  const matches = orderFilter(filters);
  const batches = storedOrders(store, { shopId: shop.id, startDate: range.startDate, endDate: range.endDate, sort, orderType: filters.orderType });
  for await (const orders of batches) yield [...orderLines(orders.filter(matches))];
}

/** The export's rows and where they come from. */
export async function orderExport(
  shop: ConnectedShop,
  query: OrdersQuery,
  range: ResolvedRange,
  deps: () => Promise<OrderExportDeps> = defaultDeps,
): Promise<OrderExport> {
  let resolved: OrderExportDeps | null = null;
  try {
    resolved = await deps();
    if (await storeCovers(shop, range, resolved)) {
      return { source: 'store', batches: storedOrderLineBatches(resolved.store, shop, query, range) };
    }
  } catch (error) {
    // The export worked before the store existed: a store that cannot be read must not break it.
    console.warn(`[export] order store unavailable, reading the upstream: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { source: 'upstream', batches: orderLineBatches(shop, query, range) };
}
