import { shopParamsSchema } from '@/lib/api/query-params';
import { skuCostsView } from '@/lib/views/sku-costs';
import { apiRoute } from '@/lib/api/server/handler';
import { csvColumnsFor } from '@/lib/api/server/access';
import { parseParams, parseView } from '@/lib/api/server/request';
import { requireShop } from '@/lib/api/server/loaders/shops';
import { csvStream } from '@/lib/csv';
import { csvResponse, exportFilename } from '@/lib/exports/filename';
import { skuCostCsvColumns } from '@/lib/exports/sku-cost-lines';
import { primed, skuCostBatches } from '@/lib/exports/sources';
import { shopLocalDate } from '@/lib/time';

export const dynamic = 'force-dynamic';

/** Every SKU of the filtered catalog (all pages), one row each, streamed as CSV. */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/exports/products', access: 'view-profit' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const query = parseView(request, skuCostsView);
    const shop = await requireShop(shopId);
    const batches = await primed(skuCostBatches(shop, query));
    const today = shopLocalDate(Math.floor(Date.now() / 1000), shop.timezone);
    return csvResponse(
      csvStream(csvColumnsFor(skuCostCsvColumns), batches),
      exportFilename('products', shop.shopName, today),
    );
  },
);
