import { implement } from '@/lib/server/endpoint';
import { SHOP_ENDPOINTS } from '@/lib/endpoints/shops';
import { withShop } from '@/lib/server/loaders/shops';
import { loadPricing } from '@/lib/server/loaders/pricing';

export const dynamic = 'force-dynamic';

/** Per SKU: its unit economics learned from the lookback, its answers at the target margin, and the scenario's what-if. */
export const GET = implement(SHOP_ENDPOINTS['GET shops/[shopId]/reports/pricing'], async ({ params, query }) => {
  const { shopId } = params;
  const view = query;
  return await withShop(shopId, (shop) => loadPricing(shop, view));
});
