import { implement } from '@/lib/server/endpoint';
import { SHOP_ENDPOINTS } from '@/lib/endpoints/shops';
import { loadProducts } from '@/lib/server/loaders/products';
import { withShop } from '@/lib/server/loaders/shops';

export const dynamic = 'force-dynamic';

/** One page of the shop's product catalog with per-SKU price and costs. */
export const GET = implement(SHOP_ENDPOINTS['GET shops/[shopId]/products'], async ({ params, query }, { request }) => {
  const { shopId } = params;
  return await withShop(shopId, (shop) => loadProducts(shop, query, request.signal));
});
