import { implement } from '@/lib/server/endpoint';
import { COST_ENDPOINTS } from '@/lib/endpoints/costs';
import { loadYourCosts } from '@/lib/server/loaders/your-costs';
import { withShop } from '@/lib/server/loaders/shops';

export const dynamic = 'force-dynamic';

/** The shop's cost inputs, their trail (newest first), what undo would revert, and the SKUs to aim at. */
export const GET = implement(COST_ENDPOINTS['GET shops/[shopId]/your-costs'], async ({ params }) => {
  const { shopId } = params;
  return await withShop(shopId, loadYourCosts);
});
