import { implement } from '@/lib/server/endpoint';
import { SHOP_ENDPOINTS } from '@/lib/endpoints/shops';
import { withShop } from '@/lib/server/loaders/shops';
import { costViewOf, switchesOf } from '@/lib/views/switches';
import { loadOverview } from '@/lib/server/loaders/reports';

export const dynamic = 'force-dynamic';

/** KPIs with the change against the previous period, a daily series, top and bottom SKUs. */
export const GET = implement(SHOP_ENDPOINTS['GET shops/[shopId]/reports/overview'], async ({ params, query }) => {
  const { shopId } = params;
  const view = query;
  return await withShop(shopId, (shop) =>
    loadOverview(shop, view.range, switchesOf(view), costViewOf(view), view.forecast === 'on'),
  );
});
