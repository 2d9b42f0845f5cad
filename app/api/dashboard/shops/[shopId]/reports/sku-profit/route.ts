import { rangeQuerySchema, shopParamsSchema } from '@/lib/api/query-params';
import { apiRoute } from '@/lib/api/server/handler';
import { parseParams, parseQuery } from '@/lib/api/server/request';
import { ok } from '@/lib/api/server/response';
import { withShop } from '@/lib/api/server/loaders/shops';
import { skuViewQuerySchema, switchesQuerySchema, costViewQuerySchema } from '@/lib/reports/query-params';
import { loadSkuReport } from '@/lib/api/server/loaders/reports';

export const dynamic = 'force-dynamic';

/** Per-SKU profit over the range from the local order store; sync progress while it fills. */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/reports/sku-profit', access: 'view-profit' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const { range } = parseQuery(request, rangeQuerySchema);
    const switches = parseQuery(request, switchesQuerySchema);
    const costView = parseQuery(request, costViewQuerySchema);
    const view = parseQuery(request, skuViewQuerySchema);
    return ok(await withShop(shopId, (shop) => loadSkuReport(shop, range, switches, view, costView)));
  },
);
