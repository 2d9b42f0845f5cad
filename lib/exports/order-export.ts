import 'server-only';
import type { OrdersQuery } from '@/lib/api/query-params';
import type { ConnectedShop } from '@/lib/api/server/loaders/shops';
import { getOrderStore } from '@/lib/store';
import type { OrderStore } from '@/lib/store/order-store';
import { getSyncEngine, type SyncEngine } from '@/lib/sync';
import { redactSecrets } from '@/lib/api/server/redact';
import { liveDaysOf } from '@/lib/reports/period';
import { addDays, dayStartUnix, localDay } from '@/lib/store/days';
import type { ResolvedRange } from '@/lib/time';
import { orderLines, type OrderLine } from './order-lines';
import { orderLineBatches, type OrderCogs } from './sources';
import { orderFilter, storedOrders } from '@/lib/store/order-list';

// Where the orders export reads from (docs/ARCHITECTURE.md#the-upstream-budget): a range whose every day
// is synced (and fresh) streams from the local order store in well under a second per year, except
// the days the store may lag the orders table for (today, yesterday until it was read after it
// ended), which are paged from the upstream like the table; otherwise the whole range is paged from
// the upstream (correct, only slow at 6,000 orders a minute). A GET never starts a sync: the pages
// ask for it with POST /sync.

export type ExportSource = 'store' | 'upstream';

export interface OrderExport {
  source: ExportSource;
  batches: AsyncIterable<OrderLine[]>;
}

export interface OrderExportDeps {
  store: OrderStore;
  engine: Pick<SyncEngine, 'isFresh'>;
  now?: number;
}

async function defaultDeps(): Promise<OrderExportDeps> {
  const [store, engine] = await Promise.all([getOrderStore(), getSyncEngine()]);
  return { store, engine };
}

async function* storedOrderLineBatches(
  store: OrderStore,
  shop: ConnectedShop,
  query: OrdersQuery,
  range: { startDate: number; endDate: number },
  cogs?: OrderCogs,
): AsyncGenerator<OrderLine[]> {
  const { range: _range, page: _page, limit: _limit, sort, ...filters } = query;
  const matches = orderFilter(filters);
  const batches = storedOrders(store, {
    shopId: shop.id,
    startDate: range.startDate,
    endDate: range.endDate,
    sort,
    orderType: filters.orderType,
  });
  for await (const orders of batches) yield [...orderLines(orders.filter(matches), cogs)];
}

async function* concat<T>(...parts: AsyncIterable<T>[]): AsyncGenerator<T> {
  for (const part of parts) yield* part;
}

/** The export's rows and where they come from. */
export async function orderExport(
  shop: ConnectedShop,
  query: OrdersQuery,
  range: ResolvedRange,
  deps: () => Promise<OrderExportDeps> = defaultDeps,
  cogs?: OrderCogs,
): Promise<OrderExport> {
  try {
    const d = await deps();
    const now = d.now ?? Date.now();
    const ref = { id: shop.id, timezone: shop.timezone };
    const today = localDay(Math.floor(now / 1000), shop.timezone);
    const to = range.to > today ? today : range.to;
    const coverage = await d.store.coverage(shop.id, addDays(to, -1) < range.from ? range.from : addDays(to, -1), to);
    const live = liveDaysOf(range.from, to, coverage, shop.timezone, now);
    const storeTo = live.length > 0 ? addDays(live[0]!, -1) : range.to;
    // "Synced once" is not enough: the stored days must be as fresh as the sync would keep them.
    if (storeTo >= range.from && (await d.engine.isFresh(ref, { from: range.from, to: storeTo }))) {
      const split = live.length > 0 ? dayStartUnix(live[0]!, shop.timezone) : range.endDate + 1;
      const stored = storedOrderLineBatches(
        d.store,
        shop,
        query,
        { startDate: range.startDate, endDate: Math.min(range.endDate, split - 1) },
        cogs,
      );
      if (split > range.endDate) return { source: 'store', batches: stored };
      const fresh = orderLineBatches(shop, query, { ...range, startDate: split }, cogs);
      return { source: 'store', batches: query.sort === 'asc' ? concat(stored, fresh) : concat(fresh, stored) };
    }
  } catch (error) {
    // The export worked before the store existed: a store that cannot be read must not break it.
    console.warn(
      `[export] order store unavailable, reading the upstream: ${redactSecrets(error instanceof Error ? error.message : String(error))}`,
    );
  }
  return { source: 'upstream', batches: orderLineBatches(shop, query, range, cogs) };
}
