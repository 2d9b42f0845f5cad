import { shopParamsSchema } from '@/lib/api/query-params';
import { apiRoute } from '@/lib/server/handler';
import { parseParams, parseView } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { withShop } from '@/lib/server/loaders/shops';
import { overviewView } from '@/lib/views/overview';
import { costViewOf, switchesOf } from '@/lib/views/switches';
import { loadOverview } from '@/lib/server/loaders/reports';

export const dynamic = 'force-dynamic';

/** KPIs with the change against the previous period, a daily series, top and bottom SKUs. */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/reports/overview', access: 'view' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const view = parseView(request, overviewView);
    return ok(
      await withShop(shopId, (shop) =>
        loadOverview(shop, view.range, switchesOf(view), costViewOf(view), view.forecast === 'on'),
      ),
    );
  },
);
