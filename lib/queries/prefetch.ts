import 'server-only';
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { ordersQuerySchema, productsQuerySchema, refundsQuerySchema } from '@/lib/api/queries';
import { loadOrders } from '@/lib/api/server/orders';
import { loadProducts } from '@/lib/api/server/products';
import { loadRefunds } from '@/lib/api/server/refunds';
import { connectedShops } from '@/lib/api/server/shops';
import { ordersApiQuery, productsApiQuery, refundsApiQuery, type OrdersView, type ProductsView, type RefundsView } from '@/lib/url-state';
import { dashboardKeys } from './keys';

// Server pages fill the browser's query cache with the first screen's data, under the same keys
// and through the same loaders as the API routes, so the table is in the first HTML instead of
// after two more round trips. A failure here is not an error: the browser then fetches as usual
// and shows the error state with its retry.

async function prefetch(
  view: { shop: string | null },
  key: (shopId: string) => readonly unknown[],
  load: (shop: Awaited<ReturnType<typeof connectedShops>>[number]) => Promise<unknown>,
): Promise<DehydratedState | null> {
  try {
    const shops = await connectedShops();
    const shop = view.shop ? shops.find((s) => s.id === view.shop) : shops[0];
    const client = new QueryClient();
    client.setQueryData(dashboardKeys.shops(), { items: shops });
    if (shop) client.setQueryData(key(shop.id), await load(shop));
    return dehydrate(client);
  } catch {
    return null;
  }
}

/** The shop list for the header, so the first HTML already names the selected shop. */
export async function prefetchShops(): Promise<DehydratedState | null> {
  try {
    const client = new QueryClient();
    client.setQueryData(dashboardKeys.shops(), { items: await connectedShops() });
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
    (shop) => loadRefunds(shop, refundsQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)))),
  );
}
