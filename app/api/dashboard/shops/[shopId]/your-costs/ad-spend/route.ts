import { shopParamsSchema } from '@/lib/api/query-params';
import { apiRoute } from '@/lib/server/handler';
import { saveAdSpend } from '@/lib/server/loaders/your-costs';
import { withShop } from '@/lib/server/loaders/shops';
import { parseBody, parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { adSpendBodySchema } from '@/lib/costs/schemas';

export const dynamic = 'force-dynamic';

/** Adds an ad spend row: 201 { item, audit }. */
export const POST = apiRoute<{ shopId: string }>(
  { route: 'POST /api/dashboard/shops/[shopId]/your-costs/ad-spend', access: 'edit-costs' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const body = await parseBody(request, adSpendBodySchema);
    return ok(await withShop(shopId, (shop) => saveAdSpend(shop, body)), { status: 201 });
  },
);
