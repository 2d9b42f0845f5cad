import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { dehydrate, QueryClient, type DehydratedState, type QueryKey } from '@tanstack/react-query';
import { loadOrders } from '@/lib/server/loaders/orders';
import { loadProducts } from '@/lib/server/loaders/products';
import { loadRefunds } from '@/lib/server/loaders/refunds';
import { loadYourCosts } from '@/lib/server/loaders/your-costs';
import { loadOverview, loadSkuReport } from '@/lib/server/loaders/reports';
import { loadPnlByMonth } from '@/lib/server/loaders/pnl-by-month';
import { loadAllShops } from '@/lib/server/loaders/all-shops';
import { loadPricing } from '@/lib/server/loaders/pricing';
import { loadInbox, loadRules } from '@/lib/server/loaders/alerts';
import { loadChannels, loadDeliveries } from '@/lib/server/loaders/alert-channels';
import { allows } from '@/lib/team/roles';
import type { Person } from '@/lib/team/people';
import { loadSettlement } from '@/lib/server/loaders/settlement';
import { loadShops, type ConnectedShop } from '@/lib/server/loaders/shops';
import { viewQuery, type View, type ViewQuery, type ViewState } from '@/lib/views/view';
import type { Fields } from '@/lib/views/field';
import { schemaOf, type ParsedView } from '@/lib/views/schema';
import { ordersView, type OrdersViewState } from '@/lib/views/orders';
import { skuCostsView, type SkuCostsViewState } from '@/lib/views/sku-costs';
import { refundsView } from '@/lib/views/refunds';
import { skuProfitView } from '@/lib/views/sku-profit';
import { settlementView } from '@/lib/views/settlement';
import { overviewView } from '@/lib/views/overview';
import { pnlByMonthView } from '@/lib/views/pnl-by-month';
import { allShopsView } from '@/lib/views/all-shops';
import { pricingView } from '@/lib/views/pricing';
import type { FrameState } from '@/lib/views/frame';
import {
  yourCostsQueryOptions,
  ordersQueryOptions,
  productsQueryOptions,
  refundsQueryOptions,
  reportQueryOptions,
  allShopsQueryOptions,
  alertInboxQueryOptions,
  alertRulesQueryOptions,
  alertChannelsQueryOptions,
  alertDeliveriesQueryOptions,
  shopsQueryOptions,
  type ReportKind,
} from './options';
import type { ReportApiQuery } from './keys';
import { beforeDeadline } from '@/lib/rate-limit/clock';
import { seesProfit } from '@/lib/server/access';
import { asGatedPerson } from '@/lib/server/page-session';
import { withoutProfitFigures } from '@/lib/team/figures';
import { costViewOf, switchesOf } from '@/lib/views/switches';

// Server pages fill the browser's query cache with the first screen's data, under the keys of the
// same query options as the hooks (./options) and through the same loaders as the API routes, so the table is in the first HTML instead of
// after two more round trips. But only when the data is quick (a cache hit, a free slot of the
// budget): past PREFETCH_DEADLINE_MS the page is sent without it, so the tab never stays blank
// while the budget is busy (51 s to the first byte was measured without it). The browser then asks for
// the same view and shows the wait notice; its request joins the upstream request this prefetch
// started (same cache key), so the wait costs no extra budget. A failure is not an error either:
// the browser fetches as usual and shows the error state with its retry.

/** The longest a page's first byte waits for its data. */
export const PREFETCH_DEADLINE_MS = 1_000;

const LATE = Symbol('late');

/** The value, or LATE when the deadline passes first; the work goes on (its result fills the caches). */
function byDeadline<T>(work: Promise<T>, deadline: number): Promise<T | typeof LATE> {
  work.catch(() => undefined); // a late failure has no one to tell; the browser's own request will see it
  const left = deadline - Date.now();
  if (left <= 0) return Promise.resolve(LATE);
  return beforeDeadline(work, left, () => LATE);
}

/** What a page prefetches besides the shop list: one endpoint's key and the loader behind it. */
interface PageLoad<T = unknown> {
  queryKey: QueryKey;
  load: () => Promise<T>;
  /** A report of costs and profit: not loaded for a person who may not see it (the page says why). */
  needsProfit?: boolean;
}

/** A page's loads, once the URL's shop (or the first one) is known. */
type PageLoads = (shop: ConnectedShop | undefined) => PageLoad[];

/** A page of one shop: its load once the URL's shop (or the first one) is known. */
interface ShopPrefetch<T> {
  queryKey: (shopId: string) => QueryKey;
  load: (shop: ConnectedShop) => Promise<T>;
  needsProfit?: boolean;
}

function forShop<T>(page: ShopPrefetch<T>): PageLoads {
  return (shop) =>
    shop ? [{ queryKey: page.queryKey(shop.id), load: () => page.load(shop), needsProfit: page.needsProfit }] : [];
}

/** A report page of one shop (`GET …/reports/{kind}`): its key is the report query's; a report of costs and profit unless said. */
function forReport<T>(
  kind: ReportKind,
  query: ReportApiQuery,
  load: (shop: ConnectedShop) => Promise<T>,
  { needsProfit = true } = {},
): PageLoads {
  return forShop({ queryKey: (shopId) => reportQueryOptions(kind, shopId, query).queryKey, load, needsProfit });
}

/** A page's data: behind the layout's gate again (pageGate: on a move between pages Next renders the page, not the layout). */
async function prefetch(shopId: string | null, page: PageLoads): Promise<DehydratedState | null> {
  // Outside fill's try: the gate's redirect and 403 are answers, not failures to swallow.
  const filled = await asGatedPerson(() => fill(shopId, page));
  return filled === 'store-down' ? null : filled;
}

async function fill(shopId: string | null, page?: PageLoads): Promise<DehydratedState | null> {
  const deadline = Date.now() + PREFETCH_DEADLINE_MS;
  try {
    const list = await byDeadline(loadShops(undefined), deadline);
    if (list === LATE) return null;
    // The first HTML carries what the API would answer this person: no cost or profit figure without that access.
    const hide = !(await seesProfit());
    const client = new QueryClient();
    client.setQueryData(shopsQueryOptions().queryKey, list);
    const shops = list.items;
    const wanted = (page?.(shopId ? shops.find((s) => s.id === shopId) : shops[0]) ?? []).filter(
      (w) => !(w.needsProfit && hide),
    );
    await Promise.all(
      wanted.map(async (w) => {
        const data = await byDeadline(w.load(), deadline);
        if (data !== LATE) client.setQueryData(w.queryKey, hide ? withoutProfitFigures(data) : data);
      }),
    );
    return dehydrate(client);
  } catch (error) {
    unstable_rethrow(error);
    return null;
  }
}

/**
 * The shop list for the header, so the first HTML already names the selected shop. For the
 * dashboard's frame, whose caller has the person already (the layout's gate, or the page Next
 * renders in place of another, which must not gate again).
 */
export function prefetchShops(): Promise<DehydratedState | null> {
  return fill(null);
}

/** A view's query and its parsed form, exactly as the route would parse it (one parse, the route's). */
function asked<F extends Fields>(view: View<F>, state: object): [ViewQuery<F>, ParsedView<F>] {
  const query = viewQuery(view, state);
  return [query, schemaOf(view).parse(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])))];
}

export function prefetchOrdersView(view: OrdersViewState & Pick<FrameState, 'shop'>): Promise<DehydratedState | null> {
  const [query, { costs, allocate, ...parsed }] = asked(ordersView, view);
  return prefetch(
    view.shop,
    forShop({
      queryKey: (shopId) => ordersQueryOptions(shopId, query).queryKey,
      load: (s) => loadOrders(s, parsed, Date.now(), undefined, costViewOf({ costs, allocate })),
    }),
  );
}

export function prefetchSkuCostsView(
  view: SkuCostsViewState & Pick<FrameState, 'shop'>,
): Promise<DehydratedState | null> {
  const [query, parsed] = asked(skuCostsView, view);
  return prefetch(
    view.shop,
    forShop({
      queryKey: (shopId) => productsQueryOptions(shopId, query).queryKey,
      load: (s) => loadProducts(s, parsed),
    }),
  );
}

export function prefetchRefundsView(view: FrameState): Promise<DehydratedState | null> {
  const [query, parsed] = asked(refundsView, view);
  return prefetch(
    view.shop,
    forShop({
      queryKey: (shopId) => refundsQueryOptions(shopId, query).queryKey,
      load: (s) => loadRefunds(s, parsed),
    }),
  );
}

/** The seller's cost inputs of the shop (local store only: no upstream budget is spent). */
export function prefetchYourCosts(frame: FrameState): Promise<DehydratedState | null> {
  return prefetch(
    frame.shop,
    forShop({
      queryKey: (shopId) => yourCostsQueryOptions(shopId).queryKey,
      load: (s) => loadYourCosts(s),
    }),
  );
}

/** The SKU profit report of the URL's view: its first rows are in the first HTML (docs/benchmarks.md, bench:phone). */
export function prefetchSkuProfitView(
  view: ViewState<typeof skuProfitView.fields> & Pick<FrameState, 'shop'>,
): Promise<DehydratedState | null> {
  const [query, parsed] = asked(skuProfitView, view);
  return prefetch(
    view.shop,
    forReport('sku-profit', query, (s) =>
      loadSkuReport(s, parsed.range, switchesOf(parsed), parsed, costViewOf(parsed)),
    ),
  );
}

/** The settlement drift of the URL's view. */
export function prefetchSettlementView(
  view: ViewState<typeof settlementView.fields> & Pick<FrameState, 'shop'>,
): Promise<DehydratedState | null> {
  const [query, parsed] = asked(settlementView, view);
  return prefetch(
    view.shop,
    forReport('settlement', query, (s) => loadSettlement(s, parsed.range, parsed.q)),
  );
}

/** The overview's KPIs, series and SKUs of the URL's view (figures hidden as the API hides them). */
export function prefetchOverviewView(
  view: ViewState<typeof overviewView.fields> & Pick<FrameState, 'shop'>,
): Promise<DehydratedState | null> {
  const [query, parsed] = asked(overviewView, view);
  return prefetch(
    view.shop,
    forReport(
      'overview',
      query,
      (s) => loadOverview(s, parsed.range, switchesOf(parsed), costViewOf(parsed), parsed.forecast === 'on'),
      { needsProfit: false },
    ),
  );
}

/** The P&L by month of the URL's view. */
export function prefetchPnlByMonthView(
  view: ViewState<typeof pnlByMonthView.fields> & Pick<FrameState, 'shop'>,
): Promise<DehydratedState | null> {
  const [query, parsed] = asked(pnlByMonthView, view);
  return prefetch(
    view.shop,
    forReport('pnl-by-month', query, (s) => loadPnlByMonth(s, parsed)),
  );
}

/** Every shop in one currency, as the URL's view asks (the shop list and the totals in the first HTML). */
export function prefetchAllShopsView(view: ViewState<typeof allShopsView.fields>): Promise<DehydratedState | null> {
  const [query, parsed] = asked(allShopsView, view);
  const { currency, merge, range } = parsed;
  return prefetch(null, () => [
    {
      queryKey: allShopsQueryOptions(query).queryKey,
      load: () => loadAllShops({ currency, merge, range, switches: switchesOf(parsed), costView: costViewOf(parsed) }),
    },
  ]);
}

/** The Pricing page of the URL's view. */
export function prefetchPricingView(
  view: ViewState<typeof pricingView.fields> & Pick<FrameState, 'shop'>,
): Promise<DehydratedState | null> {
  const [query, parsed] = asked(pricingView, view);
  return prefetch(
    view.shop,
    forReport('pricing', query, (s) => loadPricing(s, parsed)),
  );
}

/** The Alerts page: the person's inbox (the bell's unread list too), the rules and, for owners and admins, the channels and deliveries. */
export function prefetchAlerts(
  person: Person,
  locale: Parameters<typeof loadInbox>[1],
): Promise<DehydratedState | null> {
  const manage = allows(person, 'manage-channels');
  return prefetch(null, () => [
    { queryKey: alertInboxQueryOptions().queryKey, load: () => loadInbox(false, locale) },
    { queryKey: alertInboxQueryOptions(true).queryKey, load: () => loadInbox(true, locale) },
    { queryKey: alertRulesQueryOptions().queryKey, load: () => loadRules() },
    ...(manage
      ? [
          { queryKey: alertChannelsQueryOptions().queryKey, load: () => loadChannels() },
          { queryKey: alertDeliveriesQueryOptions().queryKey, load: () => loadDeliveries() },
        ]
      : []),
  ]);
}
