import { shopParamsSchema } from '@/lib/api/query-params';
import { notSyncedYet } from '@/lib/api/dashboard-error';
import { apiRoute } from '@/lib/server/handler';
import { parseParams, parseQuery, parseView } from '@/lib/server/request';
import { withShop } from '@/lib/server/loaders/shops';
import { loadPnlByMonth } from '@/lib/server/loaders/pnl-by-month';
import { aboutExportedAt, aboutRange, aboutView } from '@/lib/exports/about';
import { exportFilename } from '@/lib/exports/filename';
import { exportFormatSchema } from '@/lib/exports/format';
import { exportResponse, oneBatch } from '@/lib/server/exports/respond';
import { pnlColumns, pnlRows } from '@/lib/reports/pnl-by-month-csv';
import { pnlByMonthView } from '@/lib/views/pnl-by-month';

export const dynamic = 'force-dynamic';

/** The P&L by month as CSV or Excel (`format=xlsx`): a row per line, a column per month and the total. */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/exports/pnl-by-month', access: 'view-profit' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const view = parseView(request, pnlByMonthView);
    const { format } = parseQuery(request, exportFormatSchema);
    const data = await withShop(shopId, (shop) => loadPnlByMonth(shop, view));
    if (!data.report || data.partial) throw notSyncedYet(data.coverage);
    const { shop, report } = data;
    return exportResponse(format, {
      columns: pnlColumns(report, view.share === 'on'),
      batches: oneBatch(pnlRows(report)),
      filename: exportFilename('pnl-by-month', shop.name, data.range.from, data.range.to),
      sheet: {
        title: `P&L by month: ${shop.name}`,
        currency: shop.currency,
        about: [
          ['Shop', `${shop.name} (${shop.id})`],
          aboutRange(data.range, shop.timezone),
          ...aboutView(pnlByMonthView, view),
          aboutExportedAt(shop.timezone),
        ],
      },
    });
  },
);
