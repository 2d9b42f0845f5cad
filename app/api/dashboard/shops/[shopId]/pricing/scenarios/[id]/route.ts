import { costEntryParamsSchema } from '@/lib/api/query-params';
import { removeScenario } from '@/lib/server/actions/pricing';
import { apiRoute } from '@/lib/server/handler';
import { withShop } from '@/lib/server/loaders/shops';
import { parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';

export const dynamic = 'force-dynamic';

/** Deletes a saved pricing scenario: { deleted }; 404 NOT_FOUND for an unknown id. */
export const DELETE = apiRoute<{ shopId: string; id: string }>(
  { route: 'DELETE /api/dashboard/shops/[shopId]/pricing/scenarios/[id]', access: 'edit-costs' },
  async (_request, { params }) => {
    const { shopId, id } = await parseParams(params, costEntryParamsSchema);
    return ok(await withShop(shopId, (shop) => removeScenario(shop, id)));
  },
);
