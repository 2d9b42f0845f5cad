import { adjustmentsQuerySchema } from '@/lib/api/books';
import { shopParamsSchema } from '@/lib/api/query-params';
import { apiRoute } from '@/lib/server/handler';
import { parseParams, parseQuery } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { withShop } from '@/lib/server/loaders/shops';
import { loadAdjustments } from '@/lib/server/loaders/books';

export const dynamic = 'force-dynamic';

/** The itemised adjustments to closed periods of a month: booked if it is closed, pending if it is the first open month. */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/books/adjustments', access: 'view-profit' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const { month } = parseQuery(request, adjustmentsQuerySchema);
    return ok(await withShop(shopId, (shop) => loadAdjustments(shop, month)));
  },
);
