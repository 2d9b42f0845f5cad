import { shopParamsSchema } from '@/lib/api/query-params';
import { skuCostsView } from '@/lib/views/sku-costs';
import { apiRoute } from '@/lib/server/handler';
import { parseParams, parseQuery, parseView } from '@/lib/server/request';
import { requireShop } from '@/lib/server/loaders/shops';
import { aboutExportedAt, aboutView } from '@/lib/exports/about';
import { exportFilename } from '@/lib/exports/filename';
import { exportFormatSchema } from '@/lib/exports/format';
import { exportResponse } from '@/lib/server/exports/respond';
import { skuCostCsvColumns } from '@/lib/exports/sku-cost-lines';
import { primed, skuCostBatches } from '@/lib/server/exports/sources';
import { shopLocalDate } from '@/lib/time';

export const dynamic = 'force-dynamic';

/** Every SKU of the filtered catalog (all pages), one row each, streamed as CSV or Excel (`format=xlsx`). */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/exports/products', access: 'view-profit' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const query = parseView(request, skuCostsView);
    const { format } = parseQuery(request, exportFormatSchema);
    const shop = await requireShop(shopId);
    const batches = await primed(skuCostBatches(shop, query));
    const today = shopLocalDate(Math.floor(Date.now() / 1000), shop.timezone);
    return exportResponse(format, {
      columns: skuCostCsvColumns,
      batches,
      filename: exportFilename('products', shop.shopName, today),
      sheet: {
        title: `SKU costs: ${shop.shopName}`,
        currency: shop.currency,
        about: [
          ['Shop', `${shop.shopName} (${shop.id})`],
          ['Range', `the catalog on ${today} (${shop.timezone}): a catalog has no date range`],
          ...aboutView(skuCostsView, query),
          aboutExportedAt(shop.timezone),
        ],
      },
    });
  },
);
