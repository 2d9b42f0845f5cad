import 'server-only';
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { ordersQuerySchema, productsQuerySchema, rangeQuerySchema } from '@/lib/api/query-params';
import { loadOrders } from '@/lib/api/server/orders';
import { loadProducts } from '@/lib/api/server/products';
import { loadRefunds } from '@/lib/api/server/refunds';
import { connectedShops, type ConnectedShop } from '@/lib/api/server/shops';
import { ordersApiQuery, productsApiQuery, refundsApiQuery, type OrdersView, type ProductsView, type RefundsView } from '@/lib/url-state';
import { dashboardKeys } from './keys';

// Server pages fill the browser's query cache with the first screen's data, under the same keys
// and through the same loaders as the API routes, so the table is in the first HTML instead of
// after two more round trips. But only when the data is quick (a cache hit, a free slot of the
// budget): past PREFETCH_DEADLINE_MS the page is sent without it, so the tab never stays blank
// while the budget is busy (issue 9 measured 51 s to the first byte). The browser then asks for
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
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof LATE>((resolve) => (timer = setTimeout(() => resolve(LATE), left)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

async function prefetch(
  view: { shop: string | null },
  key: (shopId: string) => readonly unknown[],
  load: (shop: ConnectedShop) => Promise<unknown>,
): Promise<DehydratedState | null> {
  const deadline = Date.now() + PREFETCH_DEADLINE_MS;
  try {
    const shops = await byDeadline(connectedShops(), deadline);
    if (shops === LATE) return null;
    const shop = view.shop ? shops.find((s) => s.id === view.shop) : shops[0];
    const client = new QueryClient();
    client.setQueryData(dashboardKeys.shops(), { items: shops });
    if (shop) {
      const data = await byDeadline(load(shop), deadline);
      if (data !== LATE) client.setQueryData(key(shop.id), data);
    }
    return dehydrate(client);
  } catch {
    return null;
  }
}

/** The shop list for the header, so the first HTML already names the selected shop. */
export async function prefetchShops(): Promise<DehydratedState | null> {
  try {
    const shops = await byDeadline(connectedShops(), Date.now() + PREFETCH_DEADLINE_MS);
    if (shops === LATE) return null;
    const client = new QueryClient();
    client.setQueryData(dashboardKeys.shops(), { items: shops });
    return dehydrate(client);
  } catch {
    return null;
  }
}

export function prefetchOrdersView(view: OrdersView): Promise<DehydratedState | null> {
  const { shop: _shop, ...rest } = view;
  const query = ordersApiQuery(rest);
  return prefetch(
    view,
    (shopId) => dashboardKeys.orders(shopId, query),
    (shop) => loadOrders(shop, ordersQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)))),
  );
}

export function prefetchProductsView(view: ProductsView): Promise<DehydratedState | null> {
  const { shop: _s, range: _r, from: _f, to: _t, ...rest } = view;
  const query = productsApiQuery(rest);
  return prefetch(
    view,
    (shopId) => dashboardKeys.products(shopId, query),
    (shop) => loadProducts(shop, productsQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)))),
  );
}

export function prefetchRefundsView(view: RefundsView): Promise<DehydratedState | null> {
  const query = refundsApiQuery(view);
  return prefetch(
    view,
    (shopId) => dashboardKeys.refunds(shopId, query),
    (shop) => loadRefunds(shop, rangeQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)))),
  );
}
