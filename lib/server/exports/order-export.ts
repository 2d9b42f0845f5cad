import 'server-only';
import { createHash } from 'node:crypto';
import type { OrderCogsData } from '@/lib/costs/order-cogs';
import type { OrdersQuery } from '@/lib/views/orders';
import type { ConnectedShop } from '@/lib/server/loaders/shops';
import { getOrderStore } from '@/lib/store';
import type { OrderStore } from '@/lib/store/order-store';
import { getSyncEngine, type SyncEngine } from '@/lib/sync';
import { logWarning } from '@/lib/log';
import { notSyncedYet } from '@/lib/api/dashboard-error';
import type { RangeCoverage } from '@/lib/sync/progress';
import type { ResolvedRange } from '@/lib/time';
import { orderLines, type OrderLine } from '@/lib/exports/order-lines';
import { orderLineBatches, type OrderCogs } from './sources';
import { orderFilter, storedOrders } from '@/lib/store/order-list';
import type { FileKey } from './kept-files';

// Where the orders export reads from (docs/ARCHITECTURE.md#the-upstream-budget): a range whose every day
// is stored streams from the local order store (kept fresh by the refresh policy, as the orders table
// that shows the same range), in well under a second per year. A range not fully stored is refused
// with NOT_SYNCED_YET and how many days are stored: the upstream is read by the sync, not by a click,
// and a file is the whole range or nothing. A GET never starts a sync: the pages ask for it with POST
// /sync, and the orders page offers the export once its list comes from the store. Only when the
// store itself cannot be read is the range paged from the upstream (correct, only slow).

export type ExportSource = 'store' | 'upstream';

export interface OrderExport {
  source: ExportSource;
  batches: AsyncIterable<OrderLine[]>;
}

export interface OrderExportDeps {
  store: OrderStore;
  engine: Pick<SyncEngine, 'coverage'>;
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

/** The export's rows and where they come from. */
export async function orderExport(
  shop: ConnectedShop,
  query: OrdersQuery,
  range: ResolvedRange,
  deps: () => Promise<OrderExportDeps> = defaultDeps,
  cogs?: OrderCogs,
): Promise<OrderExport> {
  let coverage: RangeCoverage;
  let d: OrderExportDeps;
  try {
    d = await deps();
    coverage = await d.engine.coverage({ id: shop.id, timezone: shop.timezone }, { from: range.from, to: range.to });
  } catch (error) {
    // The export worked before the store existed: a store that cannot be read must not break it.
    logWarning('export', 'order store unavailable, reading the upstream', error);
    return { source: 'upstream', batches: orderLineBatches(shop, query, range, cogs) };
  }
  if (!coverage.complete) throw notSyncedYet(coverage);
  return { source: 'store', batches: storedOrderLineBatches(d.store, shop, query, range, cogs) };
}

/**
 * What names an orders export's file besides the stored orders of its days (lib/server/exports/
 * kept-files): the shop's clock, the exact seconds, the filters and sort, the cost view and the
 * seller's costs it re-costs with.
 */
export function orderFileKey(
  shop: ConnectedShop,
  query: OrdersQuery,
  range: ResolvedRange,
  costs: string,
  cogs: OrderCogsData | null,
): FileKey {
  const { range: _range, page: _page, limit: _limit, ...rows } = query;
  const inputs = JSON.stringify([shop.timezone, range.startDate, range.endDate, rows, costs, cogs]);
  return {
    shopId: shop.id,
    range: { from: range.from, to: range.to },
    inputs: createHash('sha256').update(inputs).digest('base64url'),
  };
}
