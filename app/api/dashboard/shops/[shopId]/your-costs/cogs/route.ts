import { shopParamsSchema } from '@/lib/api/query-params';
import { apiRoute } from '@/lib/server/handler';
import { saveCogs } from '@/lib/server/loaders/your-costs';
import { withShop } from '@/lib/server/loaders/shops';
import { parseBody, parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { cogsBodySchema } from '@/lib/costs/schemas';

export const dynamic = 'force-dynamic';

/** Adds a dated unit cost of a SKU (409 CONFLICT when the SKU has one on that day): 201 { item, audit }. */
export const POST = apiRoute<{ shopId: string }>(
  { route: 'POST /api/dashboard/shops/[shopId]/your-costs/cogs', access: 'edit-costs' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const body = await parseBody(request, cogsBodySchema);
    return ok(await withShop(shopId, (shop) => saveCogs(shop, body)), { status: 201 });
  },
);
