import { implement } from '@/lib/server/endpoint';
import { SHOP_ENDPOINTS } from '@/lib/endpoints/shops';
import { loadOrders } from '@/lib/server/loaders/orders';
import { withShop } from '@/lib/server/loaders/shops';
import { costViewOf } from '@/lib/views/switches';

export const dynamic = 'force-dynamic';

/** One page of the shop's orders in a range picked in the shop's time zone. */
export const GET = implement(SHOP_ENDPOINTS['GET shops/[shopId]/orders'], async ({ params, query }, { request }) => {
  const { shopId } = params;
  const { costs, allocate, ...filters } = query;
  const costView = costViewOf({ costs, allocate });
  return await withShop(shopId, (shop) => loadOrders(shop, filters, Date.now(), request.signal, costView));
});
