import { implement } from '@/lib/server/endpoint';
import { SHOP_ENDPOINTS } from '@/lib/endpoints/shops';
import { withShop } from '@/lib/server/loaders/shops';
import { checkSettlements } from '@/lib/server/actions/settlement';

export const dynamic = 'force-dynamic';

/**
 * Checks now which stored orders of the last 60 days settled (a few count requests, the refresh
 * policy's own check) and re-reads the days that changed, answering once they are stored (or, past
 * 30 s, that it is still reading them): their drift is observed at once.
 */
export const POST = implement(SHOP_ENDPOINTS['POST shops/[shopId]/settlement/check'], async ({ params }) => {
  const { shopId } = params;
  return await withShop(shopId, (shop) => checkSettlements(shop));
});
