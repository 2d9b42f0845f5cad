import { shopParamsSchema } from '@/lib/api/query-params';
import { apiRoute } from '@/lib/server/handler';
import { loadYourCosts } from '@/lib/server/loaders/your-costs';
import { withShop } from '@/lib/server/loaders/shops';
import { parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';

export const dynamic = 'force-dynamic';

/** The shop's cost inputs, their trail (newest first), what undo would revert, and the SKUs to aim at. */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/your-costs', access: 'view-profit' },
  async (_request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    return ok(await withShop(shopId, loadYourCosts));
  },
);
