import { shopParamsSchema } from '@/lib/api/query-params';
import { scenarioBodySchema } from '@/lib/pricing/scenario-schemas';
import { saveScenario } from '@/lib/server/actions/pricing';
import { apiRoute } from '@/lib/server/handler';
import { loadScenarios } from '@/lib/server/loaders/pricing';
import { withShop } from '@/lib/server/loaders/shops';
import { parseBody, parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';

export const dynamic = 'force-dynamic';

/** The shop's saved pricing scenarios, by name: { scenarios }. */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/pricing/scenarios', access: 'view-profit' },
  async (_request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    return ok(await withShop(shopId, loadScenarios));
  },
);

/** Saves `{ name, changes, elasticity }` (with `id`: renames/updates it): the scenario; 409 CONFLICT for a name taken. */
export const POST = apiRoute<{ shopId: string }>(
  { route: 'POST /api/dashboard/shops/[shopId]/pricing/scenarios', access: 'edit-costs' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const body = await parseBody(request, scenarioBodySchema);
    return ok(await withShop(shopId, (shop) => saveScenario(shop, body)));
  },
);
