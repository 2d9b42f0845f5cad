import { shopParamsSchema } from '@/lib/api/query-params';
import { apiRoute } from '@/lib/server/handler';
import { parseParams, parseView } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { withShop } from '@/lib/server/loaders/shops';
import { loadSettlement } from '@/lib/server/loaders/settlement';
import { settlementView } from '@/lib/views/settlement';

export const dynamic = 'force-dynamic';

/** How the range's estimated figures moved at settlement, the forecast of its open orders and the backtest. */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/reports/settlement', access: 'view-profit' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const view = parseView(request, settlementView);
    return ok(await withShop(shopId, (shop) => loadSettlement(shop, view.range, view.q)));
  },
);
