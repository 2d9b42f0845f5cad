import { shopParamsSchema } from '@/lib/api/query-params';
import { apiRoute } from '@/lib/server/handler';
import { parseParams, parseView } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { withShop } from '@/lib/server/loaders/shops';
import { overviewView } from '@/lib/views/overview';
import { costViewOf, switchesOf } from '@/lib/views/switches';
import { loadPeriodTiles } from '@/lib/server/loaders/reports';

export const dynamic = 'force-dynamic';

/**
 * The overview's period tiles: today, yesterday, month to date, this month projected, last month.
 * Takes the overview's view for its switches and cost view; the tiles' days are the shop's own
 * calendar's, whatever range the view holds.
 */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/reports/periods', access: 'view' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const view = parseView(request, overviewView);
    return ok(await withShop(shopId, (shop) => loadPeriodTiles(shop, switchesOf(view), costViewOf(view))));
  },
);
