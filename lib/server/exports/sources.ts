import 'server-only';
import { storeDb } from '@/lib/server/store-db';
import type { OrdersQuery } from '@/lib/views/orders';
import type { ProductsQuery } from '@/lib/views/sku-costs';
import type { RangeQuery } from '@/lib/views/refunds';
import { loadRefunds } from '@/lib/server/loaders/refunds';
import type { ConnectedShop } from '@/lib/server/loaders/shops';
import { upstream } from '@/lib/server/upstream';
import { viewNow } from '@/lib/server/view-time';
import { resolveRange, type ResolvedRange } from '@/lib/time';
import { iteratePages, splitRange } from '@/lib/upstream';
import { orderLines, type OrderLine } from '@/lib/exports/order-lines';
import type { Order } from '@/lib/contract';
import type { SellerLineCosts } from '@/lib/profit';

/** The seller's costs per order (lib/costs/order-cogs: dated COGS, charged kinds), or none: the service's figures. */
export type OrderCogs = (order: Order) => SellerLineCosts;
import { skuCostLines, type SkuCostLine } from '@/lib/exports/sku-cost-lines';
import { cogsSchedule } from '@/lib/costs/cogs';
import { readCogsEntries } from '@/lib/store/cost-inputs';
import { shopToday } from '@/lib/server/loaders/your-costs';

// Where whole-range exports read from: every page at limit=100 (the rate limit makes page size the
// throughput) of every 366-day window, at interactive priority because a person waits for the file.

const interactive = { priority: 'interactive' } as const;

/**
 * Reads the first batch before the response starts, so a refused or failing upstream becomes a
 * proper error status (403, 404, 502…) instead of a 200 with a broken file.
 */
export async function primed<T>(source: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  return {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    },
  };
}

/** The range an orders export reads: a range that ends now ends with the current minute (lib/server/view-time), as the orders table's does. */
export function orderExportRange(shop: ConnectedShop, query: OrdersQuery | RangeQuery, now = viewNow()): ResolvedRange {
  return resolveRange(query.range as Parameters<typeof resolveRange>[0], shop.timezone, now);
}

export async function* orderLineBatches(
  shop: ConnectedShop,
  query: OrdersQuery,
  range: ResolvedRange,
  cogs?: OrderCogs,
): AsyncGenerator<OrderLine[]> {
  const { range: _range, page: _page, limit: _limit, sort, ...filters } = query;
  const windows = splitRange(range.startDate, range.endDate);
  if (sort === 'desc') windows.reverse();
  const upstreamSort = sort === 'asc' ? 'ASC' : 'DESC';
  for (const window of windows) {
    const pages = iteratePages((page, limit, again) =>
      upstream().orders(
        shop.id,
        { ...filters, ...window, sort: upstreamSort, page, limit },
        again ? { ...interactive, bypassCache: true } : interactive,
      ),
    );
    for await (const page of pages) yield [...orderLines(page.items, cogs)];
  }
}

export async function* skuCostBatches(shop: ConnectedShop, query: ProductsQuery): AsyncGenerator<SkuCostLine[]> {
  const { page: _page, limit: _limit, ...filters } = query;
  const pages = iteratePages((page, limit, again) =>
    upstream().products(
      shop.id,
      { ...filters, page, limit },
      again ? { ...interactive, bypassCache: true } : interactive,
    ),
  );
  // The seller's unit costs in effect today count, as on the page (lib/server/loaders/products).
  const cogs = {
    schedule: cogsSchedule(await readCogsEntries(await storeDb(), shop.id)),
    today: shopToday(shop),
  };
  for await (const page of pages) yield [...skuCostLines(page.items, cogs)];
}

export async function refundDays(shop: ConnectedShop, query: RangeQuery) {
  return loadRefunds(shop, query);
}
