import { shopParamsSchema } from '@/lib/api/query-params';
import { notSyncedYet } from '@/lib/api/dashboard-error';
import { apiRoute } from '@/lib/server/handler';
import { parseParams, parseQuery, parseView } from '@/lib/server/request';
import { withShop } from '@/lib/server/loaders/shops';
import { loadSettlement } from '@/lib/server/loaders/settlement';
import { aboutExportedAt, aboutRange, aboutView } from '@/lib/exports/about';
import { exportFilename } from '@/lib/exports/filename';
import { exportFormatSchema } from '@/lib/exports/format';
import { exportResponse, oneBatch } from '@/lib/server/exports/respond';
import { settlementCsvColumns, settlementSkuRows } from '@/lib/reports/settlement-csv';
import { settlementView } from '@/lib/views/settlement';

export const dynamic = 'force-dynamic';

/** The Settlement report per SKU as CSV or Excel (`format=xlsx`): drift, expected drift, forecast, backtest. */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/exports/settlement', access: 'view-profit' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const view = parseView(request, settlementView);
    const { format } = parseQuery(request, exportFormatSchema);
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
  },
);
