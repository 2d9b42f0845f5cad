import { implement } from '@/lib/server/endpoint';
import { PRICING_ENDPOINTS } from '@/lib/endpoints/pricing';
import { saveScenario } from '@/lib/server/actions/pricing';
import { loadScenarios } from '@/lib/server/loaders/pricing';
import { withShop } from '@/lib/server/loaders/shops';

export const dynamic = 'force-dynamic';

/** The shop's saved pricing scenarios, by name: { scenarios }. */
export const GET = implement(PRICING_ENDPOINTS['GET shops/[shopId]/pricing/scenarios'], async ({ params }) => {
  const { shopId } = params;
  return await withShop(shopId, loadScenarios);
});

/** Saves `{ name, changes, elasticity }` (with `id`: renames/updates it): the scenario; 409 CONFLICT for a name taken. */
export const POST = implement(PRICING_ENDPOINTS['POST shops/[shopId]/pricing/scenarios'], async ({ params, body }) => {
  const { shopId } = params;
  return await withShop(shopId, (shop) => saveScenario(shop, body));
});
