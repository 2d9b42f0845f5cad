import { shopParamsSchema } from '@/lib/api/query-params';
import { apiRoute } from '@/lib/server/handler';
import { parseParams, parseView } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { withShop } from '@/lib/server/loaders/shops';
import { loadPricing } from '@/lib/server/loaders/pricing';
import { pricingView } from '@/lib/views/pricing';

export const dynamic = 'force-dynamic';

/** Per SKU: its unit economics learned from the lookback, its answers at the target margin, and the scenario's what-if. */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/reports/pricing', access: 'view-profit' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const view = parseView(request, pricingView);
    return ok(await withShop(shopId, (shop) => loadPricing(shop, view)));
  },
);
