import { implement } from '@/lib/server/endpoint';
import { SHOP_ENDPOINTS } from '@/lib/endpoints/shops';
import { notSyncedYet } from '@/lib/api/dashboard-error';
import { withShop } from '@/lib/server/loaders/shops';
import { loadSettlement } from '@/lib/server/loaders/settlement';
import { aboutExportedAt, aboutRange, aboutView } from '@/lib/exports/about';
import { exportFilename } from '@/lib/exports/filename';
import { exportResponse, oneBatch } from '@/lib/server/exports/respond';
import { settlementCsvColumns, settlementSkuRows } from '@/lib/reports/settlement-csv';
import { settlementView } from '@/lib/views/settlement';

export const dynamic = 'force-dynamic';

/** The Settlement report per SKU as CSV or Excel (`format=xlsx`): drift, expected drift, forecast, backtest. */
export const GET = implement(SHOP_ENDPOINTS['GET shops/[shopId]/exports/settlement'], async ({ params, query }) => {
  const { shopId } = params;
  const view = query;
  const { format } = query;
  const data = await withShop(shopId, (shop) => loadSettlement(shop, view.range, view.q));
  if (!data.report || data.partial) throw notSyncedYet(data.coverage);
  const { shop } = data;
  return exportResponse(format, {
    columns: settlementCsvColumns,
    batches: oneBatch(settlementSkuRows(data.report, data.report.skus)),
    filename: exportFilename('settlement', shop.name, data.range.from, data.range.to),
    sheet: {
      title: `Settlement: ${shop.name}`,
      currency: shop.currency,
      about: [
        ['Shop', `${shop.name} (${shop.id})`],
        aboutRange(data.range, shop.timezone),
        ...aboutView(settlementView, view),
        aboutExportedAt(shop.timezone),
      ],
    },
  });
});
