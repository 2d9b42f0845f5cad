import { shopParamsSchema } from '@/lib/api/query-params';
import { apiRoute } from '@/lib/api/server/handler';
import { loadOrders } from '@/lib/api/server/loaders/orders';
import { parseParams, parseView } from '@/lib/api/server/request';
import { ok } from '@/lib/api/server/response';
import { withShop } from '@/lib/api/server/loaders/shops';
import { ordersView } from '@/lib/views/orders';
import { costViewOf } from '@/lib/views/switches';

export const dynamic = 'force-dynamic';

/** One page of the shop's orders in a range picked in the shop's time zone. */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/orders', access: 'view' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const { costs, allocate, ...query } = parseView(request, ordersView);
    const costView = costViewOf({ costs, allocate });
    return ok(await withShop(shopId, (shop) => loadOrders(shop, query, Date.now(), request.signal, costView)));
  },
);
