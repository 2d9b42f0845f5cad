import { shopParamsSchema } from '@/lib/api/query-params';
import { apiRoute } from '@/lib/server/handler';
import { parseParams, parseView } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { withShop } from '@/lib/server/loaders/shops';
import { skuProfitView } from '@/lib/views/sku-profit';
import { costViewOf, switchesOf } from '@/lib/views/switches';
import { loadSkuReport } from '@/lib/server/loaders/reports';

export const dynamic = 'force-dynamic';

/** Per-SKU profit over the range from the local order store; sync progress while it fills. */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/reports/sku-profit', access: 'view-profit' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const view = parseView(request, skuProfitView);
    return ok(
      await withShop(shopId, (shop) => loadSkuReport(shop, view.range, switchesOf(view), view, costViewOf(view))),
    );
  },
);
