import { shopParamsSchema } from '@/lib/api/query-params';
import { skuCostsView } from '@/lib/views/sku-costs';
import { apiRoute } from '@/lib/server/handler';
import { loadProducts } from '@/lib/server/loaders/products';
import { parseParams, parseView } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { withShop } from '@/lib/server/loaders/shops';

export const dynamic = 'force-dynamic';

/** One page of the shop's product catalog with per-SKU price and costs. */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/products', access: 'view' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const query = parseView(request, skuCostsView);
    return ok(await withShop(shopId, (shop) => loadProducts(shop, query, request.signal)));
  },
);
