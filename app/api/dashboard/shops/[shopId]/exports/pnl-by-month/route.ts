import { implement } from '@/lib/server/endpoint';
import { SHOP_ENDPOINTS } from '@/lib/endpoints/shops';
import { notSyncedYet } from '@/lib/api/dashboard-error';
import { withShop } from '@/lib/server/loaders/shops';
import { loadPnlByMonth } from '@/lib/server/loaders/pnl-by-month';
import { aboutExportedAt, aboutRange, aboutView } from '@/lib/exports/about';
import { exportFilename } from '@/lib/exports/filename';
import { exportResponse, oneBatch } from '@/lib/server/exports/respond';
import { pnlColumns, pnlRows } from '@/lib/reports/pnl-by-month-csv';
import { pnlByMonthView } from '@/lib/views/pnl-by-month';

export const dynamic = 'force-dynamic';

/** The P&L by month as CSV or Excel (`format=xlsx`): a row per line, a column per month and the total. */
export const GET = implement(SHOP_ENDPOINTS['GET shops/[shopId]/exports/pnl-by-month'], async ({ params, query }) => {
  const { shopId } = params;
  const view = query;
  const { format } = query;
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
});
