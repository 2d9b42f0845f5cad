import { implement } from '@/lib/server/endpoint';
import { SHOP_ENDPOINTS } from '@/lib/endpoints/shops';
import { withShop } from '@/lib/server/loaders/shops';
import { loadSettlement } from '@/lib/server/loaders/settlement';

export const dynamic = 'force-dynamic';

/** How the range's estimated figures moved at settlement, the forecast of its open orders and the backtest. */
export const GET = implement(SHOP_ENDPOINTS['GET shops/[shopId]/reports/settlement'], async ({ params, query }) => {
  const { shopId } = params;
  const view = query;
  return await withShop(shopId, (shop) => loadSettlement(shop, view.range, view.q));
});
