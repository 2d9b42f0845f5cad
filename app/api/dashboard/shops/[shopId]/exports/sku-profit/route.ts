import { implement } from '@/lib/server/endpoint';
import { SHOP_ENDPOINTS } from '@/lib/endpoints/shops';
import { notSyncedYet } from '@/lib/api/dashboard-error';
import { withShop } from '@/lib/server/loaders/shops';
import { aboutExportedAt, aboutRange, aboutView } from '@/lib/exports/about';
import { exportFilename } from '@/lib/exports/filename';
import { exportResponse, oneBatch } from '@/lib/server/exports/respond';
import { skuProfitView } from '@/lib/views/sku-profit';
import { costViewOf, switchesOf } from '@/lib/views/switches';
import { skuForecastCsvColumns, skuProfitCsvColumns } from '@/lib/reports/sku-profit-csv';
import { loadSkuReport } from '@/lib/server/loaders/reports';

export const dynamic = 'force-dynamic';

/**
 * The SKU profit table as CSV or Excel (`format=xlsx`): the same rows, search and sort as the page;
 * with `forecast=on`, the expected settled net profit and its band beside the estimate.
 */
export const GET = implement(SHOP_ENDPOINTS['GET shops/[shopId]/exports/sku-profit'], async ({ params, query }) => {
  const { shopId } = params;
  const view = query;
  const { format } = query;
  const costView = costViewOf(view);
  const data = await withShop(shopId, (shop) => loadSkuReport(shop, view.range, switchesOf(view), view, costView));
  if (!data.report || data.partial) throw notSyncedYet(data.coverage);
  const { shop } = data;
  return exportResponse(format, {
    columns: view.forecast === 'on' ? [...skuProfitCsvColumns, ...skuForecastCsvColumns] : skuProfitCsvColumns,
    batches: oneBatch(data.report.rows),
    filename: exportFilename('sku-profit', shop.name, data.range.from, data.range.to),
    sheet: {
      title: `SKU profit: ${shop.name}`,
      currency: shop.currency,
      about: [
        ['Shop', `${shop.name} (${shop.id})`],
        aboutRange(data.range, shop.timezone),
        ...aboutView(skuProfitView, view),
        // A search counts its SKUs alone (lib/reports/sku-report `searchedOrWhole`): said in the file too.
        ...(view.q
          ? [
              [
                'Counts',
                `the SKUs matching “${view.q}” alone; sample orders, refunds and whole-shop ad spend and expenses belong to the whole shop and are not in this file`,
              ] as const,
            ]
          : []),
        aboutExportedAt(shop.timezone),
      ],
    },
  });
});
