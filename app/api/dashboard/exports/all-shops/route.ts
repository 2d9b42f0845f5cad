import { implement } from '@/lib/server/endpoint';
import { SHOP_ENDPOINTS } from '@/lib/endpoints/shops';
import { DashboardError } from '@/lib/api/dashboard-error';
import { requirePermission, servingPerson } from '@/lib/server/access';
import { loadAllShops } from '@/lib/server/loaders/all-shops';
import { allShopsRowColumns, rankingColumns, rankingCsvRows } from '@/lib/all-shops/csv';
import { aboutExportedAt, aboutShops, aboutView } from '@/lib/exports/about';
import { exportFilename } from '@/lib/exports/filename';
import { exportResponse, oneBatch } from '@/lib/server/exports/respond';
import { allShopsView } from '@/lib/views/all-shops';
import { costViewOf, switchesOf } from '@/lib/views/switches';
import { allows } from '@/lib/team/roles';

export const dynamic = 'force-dynamic';

/** The "All shops" per-shop table (`table=shops`) or its SKU ranking (`table=skus`), as CSV or Excel: the page's figures. */
export const GET = implement(SHOP_ENDPOINTS['GET exports/all-shops'], async ({ query }) => {
  const view = query;
  const { table, format } = query;
  // The SKU ranking is by profit: it needs what the SKU profit page needs.
  if (table === 'skus') requirePermission(servingPerson(), 'view-profit');
  const { currency, merge, range } = view;
  const data = await loadAllShops({ currency, merge, range, switches: switchesOf(view), costView: costViewOf(view) });
  if (data.shops.some((s) => s.partial && !s.missingRate)) {
    throw new DashboardError(
      'NOT_SYNCED_YET',
      'Some shops are still being synced into the dashboard for this range; the export is available as soon as every counted shop is complete.',
    );
  }
  const first = data.shops[0]?.range;
  const days = first ? [first.from, first.to] : [];
  const sheet = (title: string) => ({
    title,
    currency: data.currency,
    about: [...aboutShops(data.shops, data.currency), ...aboutView(allShopsView, view), aboutExportedAt('UTC')],
  });
  return table === 'shops'
    ? exportResponse(format, {
        columns: allShopsRowColumns(data, allows(servingPerson(), 'view-profit')),
        batches: oneBatch(data.shops),
        filename: exportFilename('all-shops', data.currency, ...days),
        sheet: sheet('All shops'),
      })
    : exportResponse(format, {
        columns: rankingColumns(data),
        batches: oneBatch(rankingCsvRows(data)),
        filename: exportFilename('all-shops-skus', data.currency, ...days),
        sheet: sheet('All shops: SKU ranking'),
      });
});
