import { shopParamsSchema } from '@/lib/api/query-params';
import { apiRoute } from '@/lib/server/handler';
import { parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { withShop } from '@/lib/server/loaders/shops';
import { checkSettlements } from '@/lib/server/actions/settlement';

export const dynamic = 'force-dynamic';

/**
 * Checks now which stored orders of the last 60 days settled (a few count requests, the refresh
 * policy's own check) and re-reads the days that changed, answering once they are stored (or, past
 * 30 s, that it is still reading them): their drift is observed at once.
 */
export const POST = apiRoute<{ shopId: string }>(
  { route: 'POST /api/dashboard/shops/[shopId]/settlement/check', access: 'view-profit' },
  async (_request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    return ok(await withShop(shopId, (shop) => checkSettlements(shop)));
  },
);
