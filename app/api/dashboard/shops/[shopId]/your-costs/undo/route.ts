import { confirmedMonths, guardShopWrite } from '@/lib/server/actions/closed-months';
import { implement } from '@/lib/server/endpoint';
import { COST_ENDPOINTS } from '@/lib/endpoints/costs';
import { undoCostChange } from '@/lib/server/actions/your-costs';
import { withShop } from '@/lib/server/loaders/shops';

export const dynamic = 'force-dynamic';

/** Reverts the newest change of the shop's inputs: { undone, audit }; 409 NOTHING_TO_UNDO when none. */
export const POST = implement(
  COST_ENDPOINTS['POST shops/[shopId]/your-costs/undo'],
  async ({ params }, { request }) => {
    const { shopId } = params;
    return await withShop(shopId, (shop) => guardShopWrite(shop, confirmedMonths(request), () => undoCostChange(shop)));
  },
);
