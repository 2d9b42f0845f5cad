import { shopParamsSchema } from '@/lib/api/query-params';
import { apiRoute } from '@/lib/server/handler';
import { parseParams, parseView } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { withShop } from '@/lib/server/loaders/shops';
import { loadPnlByMonth } from '@/lib/server/loaders/pnl-by-month';
import { pnlByMonthView } from '@/lib/views/pnl-by-month';

export const dynamic = 'force-dynamic';

/** The profit-and-loss statement of the range, month by month (at most 24 months) and in total. */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/reports/pnl-by-month', access: 'view-profit' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const view = parseView(request, pnlByMonthView);
    return ok(await withShop(shopId, (shop) => loadPnlByMonth(shop, view)));
  },
);
