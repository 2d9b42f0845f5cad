import { costEntryParamsSchema } from '@/lib/api/query-params';
import { apiRoute } from '@/lib/server/handler';
import { removeAdSpend, saveAdSpend } from '@/lib/server/loaders/your-costs';
import { withShop } from '@/lib/server/loaders/shops';
import { parseBody, parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { adSpendBodySchema } from '@/lib/costs/schemas';

export const dynamic = 'force-dynamic';

type Params = { shopId: string; id: string };

/** Replaces an ad spend row (same body as POST): { item, audit }; 404 NOT_FOUND for an unknown id. */
export const PUT = apiRoute<Params>(
  { route: 'PUT /api/dashboard/shops/[shopId]/your-costs/ad-spend/[id]', access: 'edit-costs' },
  async (request, { params }) => {
    const { shopId, id } = await parseParams(params, costEntryParamsSchema);
    const body = await parseBody(request, adSpendBodySchema);
    return ok(await withShop(shopId, (shop) => saveAdSpend(shop, body, id)));
  },
);

/** Deletes an ad spend row: { audit }. */
export const DELETE = apiRoute<Params>(
  { route: 'DELETE /api/dashboard/shops/[shopId]/your-costs/ad-spend/[id]', access: 'edit-costs' },
  async (_request, { params }) => {
    const { shopId, id } = await parseParams(params, costEntryParamsSchema);
    return ok(await withShop(shopId, (shop) => removeAdSpend(shop, id)));
  },
);
