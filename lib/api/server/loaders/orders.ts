import 'server-only';
import type { OrdersQuery } from '@/lib/api/query-params';
import type { OrdersData, OrdersSource } from '@/lib/api/schemas';
import { listOrdersAcrossWindows } from '@/lib/upstream';
import { resolveRange, type ResolvedRange } from '@/lib/time';
import type { ConnectedShop } from './shops';
import { upstream } from '../upstream';
import { viewNow } from '../view-time';
import type { OrderCogsData } from '@/lib/costs/order-cogs';
import { DEFAULT_COST_VIEW, type CostViewOptions } from '@/lib/reports/query-params';
import { getOrderStore } from '@/lib/store';
import type { OrderStore } from '@/lib/store/order-store';
import { readCogsEntries } from '@/lib/store/cost-inputs';
import { storedOrderPage } from '@/lib/store/order-list';
import { skuInfo } from '@/lib/store/reads';
import { getSyncEngine } from '@/lib/sync';
import type { RangeCoverage } from '@/lib/sync/progress';
import { paginate } from '@/lib/contract';
import { isUpstreamFailure } from '../error-guards';
import { logWarning } from '@/lib/log';

// One page of a shop's orders (docs/ARCHITECTURE.md#the-upstream-budget). When the local store
// holds every day of the range, the page is the store's, with the upstream's filters, order and
// paging (lib/store/order-list), labelled with the time its data was read: a click spends none of
// the upstream budget. A range the store does not hold yet is read from the upstream with the
// click reserve, for at most CLICK_WAIT_MS; if the upstream cannot answer by then (its budget is
// spent, it hangs or is down), the page answers at once with the orders stored so far, marked
// partial with the reason, and the page asks for the range's sync (POST /sync).

/** How long a person's click waits for the upstream before the stored part is shown instead. */
export const CLICK_WAIT_MS = 4_000;

async function loadOrderCogsOrNull(shopId: string, costView: CostViewOptions): Promise<OrderCogsData | null> {
  if (costView.costs !== 'mine') return null;
  return loadOrderCogs(shopId).catch((error: unknown) => {
    // A store that cannot be read leaves the lines at the service's COGS, not the page broken.
    logWarning('orders', "order store unavailable, lines keep the service's cost of goods", error);
    return null;
  });
}

/** The range's stored coverage (null when the store cannot be read). */
async function storedCoverage(shop: ConnectedShop, range: ResolvedRange): Promise<RangeCoverage | null> {
  try {
    const engine = await getSyncEngine();
    return await engine.coverage({ id: shop.id, timezone: shop.timezone }, { from: range.from, to: range.to });
  } catch (error) {
    logWarning('orders', 'order store unavailable, the orders are read from the upstream', error);
    return null;
  }
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
  const [coverage, cogs] = await Promise.all([storedCoverage(shop, range), loadOrderCogsOrNull(shop.id, costView)]);
  const fromStore = async (store: OrderStore, source: OrdersSource) => {
    const { items, total } = await storedOrderPage(store, {
      shopId: shop.id,
      startDate: range.startDate,
      endDate: range.endDate,
      sort,
      page,
      limit,
      ...filters,
    });
    return {
      items,
      pagination: paginate(total, page, limit),
      range,
      cogs,
      source,
      asOf: coverage?.syncedAt ?? null,
      coverage: coverage && { daysTotal: coverage.daysTotal, daysStored: coverage.daysSynced },
      needsSync: source !== 'store',
    } satisfies OrdersData;
  };
  if (coverage?.complete) return fromStore(await getOrderStore(), 'store');

  const deadline = AbortSignal.timeout(CLICK_WAIT_MS);
  try {
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
      { priority: 'interactive', signal: signal ? AbortSignal.any([signal, deadline]) : deadline },
    );
    return { ...result, range, cogs, source: 'upstream', asOf: null, coverage: null, needsSync: coverage !== null };
  } catch (error) {
    // The person left: nothing to answer. Anything the seller must act on (credentials, plan, an
    // unknown shop, a malformed answer) is the answer. A busy, slow or unreachable upstream is not:
    // the stored part is.
    if (signal?.aborted || coverage === null) throw error;
    const busy = deadline.aborted || (isUpstreamFailure(error) && error.code === 'RATE_LIMITED');
    const down = isUpstreamFailure(error) && ['UPSTREAM_UNAVAILABLE', 'INTERNAL_ERROR'].includes(error.code);
    if (!busy && !down) throw error;
    return fromStore(await getOrderStore(), busy ? 'stored-part-waited' : 'stored-part-unavailable');
  }
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
