import { shopParamsSchema } from '@/lib/api/query-params';
import { apiRoute } from '@/lib/server/handler';
import { loadOrders } from '@/lib/server/loaders/orders';
import { parseParams, parseView } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { withShop } from '@/lib/server/loaders/shops';
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
