import { shopParamsSchema } from '@/lib/api/query-params';
import { notSyncedYet } from '@/lib/api/dashboard-error';
import { apiRoute } from '@/lib/server/handler';
import { parseParams, parseQuery, parseView } from '@/lib/server/request';
import { withShop } from '@/lib/server/loaders/shops';
import { loadPricing } from '@/lib/server/loaders/pricing';
import { aboutExportedAt, aboutRange, aboutView } from '@/lib/exports/about';
import { exportFilename } from '@/lib/exports/filename';
import { exportFormatSchema } from '@/lib/exports/format';
import { exportResponse, oneBatch } from '@/lib/server/exports/respond';
import { whatIfCsvColumns, whatIfExportRows } from '@/lib/pricing/pricing-csv';
import { pricingView } from '@/lib/views/pricing';

export const dynamic = 'force-dynamic';

/** The Pricing what-if as CSV or Excel (`format=xlsx`): per SKU, per month and in total, before → after. */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/exports/pricing-what-if', access: 'view-profit' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const view = parseView(request, pricingView);
    const { format } = parseQuery(request, exportFormatSchema);
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
