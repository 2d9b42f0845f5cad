import { shopParamsSchema } from '@/lib/api/query-params';
import { refundsView } from '@/lib/views/refunds';
import { apiRoute } from '@/lib/server/handler';
import { loadRefunds } from '@/lib/server/loaders/refunds';
import { parseParams, parseView } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { withShop } from '@/lib/server/loaders/shops';

export const dynamic = 'force-dynamic';

/** Every day of the range with its refund cost (zeros included), and the totals. */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/refunds', access: 'view' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const query = parseView(request, refundsView);
    return ok(await withShop(shopId, (shop) => loadRefunds(shop, query, Date.now(), request.signal)));
  },
);
