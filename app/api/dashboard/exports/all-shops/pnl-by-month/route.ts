import { implement } from '@/lib/server/endpoint';
import { SHOP_ENDPOINTS } from '@/lib/endpoints/shops';
import { DashboardError } from '@/lib/api/dashboard-error';
import { loadAllShopsPnl } from '@/lib/server/loaders/all-shops-pnl';
import { aboutExportedAt, aboutView } from '@/lib/exports/about';
import { exportFilename } from '@/lib/exports/filename';
import { exportResponse, oneBatch } from '@/lib/server/exports/respond';
import { pnlColumns, pnlRows } from '@/lib/reports/pnl-by-month-csv';
import { allShopsView } from '@/lib/views/all-shops';
import { switchesOf } from '@/lib/views/switches';

export const dynamic = 'force-dynamic';

/** The P&L by month of every shop in one currency, as CSV or Excel: a row per line, a column per month and the total. */
export const GET = implement(SHOP_ENDPOINTS['GET exports/all-shops/pnl-by-month'], async ({ query }) => {
  const view = query;
  const { format } = query;
  const data = await loadAllShopsPnl({
    range: view.range,
    currency: view.currency,
    switches: switchesOf(view),
    costs: view.costs,
  });
  if (data.partial)
    throw new DashboardError(
      'NOT_SYNCED_YET',
      'Some shops are still being synced into the dashboard for this range; the export is available as soon as every counted shop is complete.',
    );
  const first = data.months[0];
  const last = data.months.at(-1);
  return exportResponse(format, {
    columns: pnlColumns(data, false),
    batches: oneBatch(pnlRows(data)),
    filename: exportFilename('all-shops-pnl-by-month', data.currency, ...(first && last ? [first.from, last.to] : [])),
    sheet: {
      title: `P&L by month: all shops in ${data.currency}`,
      currency: data.currency,
      about: [
        ['Shops', data.shops.map((s) => `${s.name} (${s.currency})`).join('; ') || 'none'],
        [
          'Left out (no rate)',
          data.leftOut.map((s) => `${s.name} (${s.currency}): ${s.days.from} to ${s.days.to}`).join('; ') || 'none',
        ],
        ...aboutView(allShopsView, view),
        aboutExportedAt('UTC'),
      ],
    },
  });
});
