import { implement } from '@/lib/server/endpoint';
import { PRICING_ENDPOINTS } from '@/lib/endpoints/pricing';
import { removeScenario } from '@/lib/server/actions/pricing';
import { withShop } from '@/lib/server/loaders/shops';

export const dynamic = 'force-dynamic';

/** Deletes a saved pricing scenario: { deleted }; 404 NOT_FOUND for an unknown id. */
export const DELETE = implement(
  PRICING_ENDPOINTS['DELETE shops/[shopId]/pricing/scenarios/[id]'],
  async ({ params }) => {
    const { shopId, id } = params;
    return await withShop(shopId, (shop) => removeScenario(shop, id));
  },
);
