import { implement } from '@/lib/server/endpoint';
import { SHOP_ENDPOINTS } from '@/lib/endpoints/shops';
import { withShop } from '@/lib/server/loaders/shops';
import { costViewOf, switchesOf } from '@/lib/views/switches';
import { loadSkuReport } from '@/lib/server/loaders/reports';

export const dynamic = 'force-dynamic';

/** Per-SKU profit over the range from the local order store; sync progress while it fills. */
export const GET = implement(SHOP_ENDPOINTS['GET shops/[shopId]/reports/sku-profit'], async ({ params, query }) => {
  const { shopId } = params;
  const view = query;
  return await withShop(shopId, (shop) => loadSkuReport(shop, view.range, switchesOf(view), view, costViewOf(view)));
});
