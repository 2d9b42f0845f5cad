import { implement } from '@/lib/server/endpoint';
import { SHOP_ENDPOINTS } from '@/lib/endpoints/shops';
import { notSyncedYet } from '@/lib/api/dashboard-error';
import { withShop } from '@/lib/server/loaders/shops';
import { loadPricing } from '@/lib/server/loaders/pricing';
import { aboutExportedAt, aboutRange, aboutView } from '@/lib/exports/about';
import { exportFilename } from '@/lib/exports/filename';
import { exportResponse, oneBatch } from '@/lib/server/exports/respond';
import { whatIfCsvColumns, whatIfExportRows } from '@/lib/pricing/pricing-csv';
import { pricingView } from '@/lib/views/pricing';

export const dynamic = 'force-dynamic';

/** The Pricing what-if as CSV or Excel (`format=xlsx`): per SKU, per month and in total, before → after. */
export const GET = implement(
  SHOP_ENDPOINTS['GET shops/[shopId]/exports/pricing-what-if'],
  async ({ params, query }) => {
    const { shopId } = params;
    const view = query;
    const { format } = query;
    const data = await withShop(shopId, (shop) => loadPricing(shop, view));
    if (!data.report || data.partial) throw notSyncedYet(data.coverage);
    const { shop } = data;
    return exportResponse(format, {
      columns: whatIfCsvColumns,
      batches: oneBatch(whatIfExportRows(data.report)),
      filename: exportFilename('pricing-what-if', shop.name, data.range.from, data.range.to),
      sheet: {
        title: `Pricing what-if: ${shop.name}`,
        currency: shop.currency,
        about: [
          ['Shop', `${shop.name} (${shop.id})`],
          aboutRange(data.range, shop.timezone),
          ...aboutView(pricingView, view),
          aboutExportedAt(shop.timezone),
        ],
      },
    });
  },
);
