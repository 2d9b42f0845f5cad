import { implement } from '@/lib/server/endpoint';
import { SHOP_ENDPOINTS } from '@/lib/endpoints/shops';
import { skuCostsView } from '@/lib/views/sku-costs';
import { requireShop } from '@/lib/server/loaders/shops';
import { aboutExportedAt, aboutView } from '@/lib/exports/about';
import { exportFilename } from '@/lib/exports/filename';
import { exportResponse } from '@/lib/server/exports/respond';
import { skuCostCsvColumns } from '@/lib/exports/sku-cost-lines';
import { primed, skuCostBatches } from '@/lib/server/exports/sources';
import { shopLocalDate } from '@/lib/time';

export const dynamic = 'force-dynamic';

/** Every SKU of the filtered catalog (all pages), one row each, streamed as CSV or Excel (`format=xlsx`). */
export const GET = implement(SHOP_ENDPOINTS['GET shops/[shopId]/exports/products'], async ({ params, query }) => {
  const { shopId } = params;
  const { format } = query;
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
});
