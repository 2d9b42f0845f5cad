import { implement } from '@/lib/server/endpoint';
import { SHOP_ENDPOINTS } from '@/lib/endpoints/shops';
import { loadRefunds } from '@/lib/server/loaders/refunds';
import { withShop } from '@/lib/server/loaders/shops';

export const dynamic = 'force-dynamic';

/** Every day of the range with its refund cost (zeros included), and the totals. */
export const GET = implement(SHOP_ENDPOINTS['GET shops/[shopId]/refunds'], async ({ params, query }, { request }) => {
  const { shopId } = params;
  return await withShop(shopId, (shop) => loadRefunds(shop, query, Date.now(), request.signal));
});
