import { implement } from '@/lib/server/endpoint';
import { SHOP_ENDPOINTS } from '@/lib/endpoints/shops';
import { withShop } from '@/lib/server/loaders/shops';
import { loadPnlByMonth } from '@/lib/server/loaders/pnl-by-month';

export const dynamic = 'force-dynamic';

/** The profit-and-loss statement of the range, month by month (at most 24 months) and in total. */
export const GET = implement(SHOP_ENDPOINTS['GET shops/[shopId]/reports/pnl-by-month'], async ({ params, query }) => {
  const { shopId } = params;
  const view = query;
  return await withShop(shopId, (shop) => loadPnlByMonth(shop, view));
});
