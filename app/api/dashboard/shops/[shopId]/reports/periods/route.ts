import { implement } from '@/lib/server/endpoint';
import { SHOP_ENDPOINTS } from '@/lib/endpoints/shops';
import { withShop } from '@/lib/server/loaders/shops';
import { costViewOf, switchesOf } from '@/lib/views/switches';
import { loadPeriodTiles } from '@/lib/server/loaders/reports';

export const dynamic = 'force-dynamic';

/**
 * The overview's period tiles: today, yesterday, month to date, this month projected, last month.
 * Takes the overview's view for its switches and cost view; the tiles' days are the shop's own
 * calendar's, whatever range the view holds.
 */
export const GET = implement(SHOP_ENDPOINTS['GET shops/[shopId]/reports/periods'], async ({ params, query }) => {
  const { shopId } = params;
  const view = query;
  return await withShop(shopId, (shop) => loadPeriodTiles(shop, switchesOf(view), costViewOf(view)));
});
