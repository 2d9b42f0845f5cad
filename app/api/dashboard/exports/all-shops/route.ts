import { z } from 'zod';
import { DashboardError } from '@/lib/api/dashboard-error';
import { apiRoute } from '@/lib/api/server/handler';
import { csvColumnsFor, servingPerson } from '@/lib/api/server/access';
import { parseQuery, parseView } from '@/lib/api/server/request';
import { loadAllShops } from '@/lib/api/server/loaders/all-shops';
import { allShopsRowColumns, rankingColumns, rankingCsvRows } from '@/lib/all-shops/csv';
import { csvStream, type CsvColumn } from '@/lib/csv';
import { csvResponse, exportFilename } from '@/lib/exports/filename';
import { allShopsView } from '@/lib/views/all-shops';
import { costViewOf, switchesOf } from '@/lib/views/switches';

export const dynamic = 'force-dynamic';

const tableSchema = z.object({ table: z.enum(['shops', 'skus'], { error: 'must be shops or skus' }).default('shops') });

/** The "All shops" per-shop table (`table=shops`) or its SKU ranking (`table=skus`) as CSV: the page's figures. */
export const GET = apiRoute({ route: 'GET /api/dashboard/exports/all-shops', access: 'view' }, async (request) => {
  const view = parseView(request, allShopsView);
  const { table } = parseQuery(request, tableSchema);
  if (table === 'skus' && !servingPerson().seesProfit)
    throw new DashboardError(
      'FORBIDDEN_ROLE',
      'The SKU ranking is by profit, which your access does not include; the shops table is yours to export.',
    );
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
  const stream = <T>(columns: CsvColumn<T>[], rows: T[]) =>
    csvStream(
      csvColumnsFor(columns),
      (async function* () {
        yield rows;
      })(),
    );
  return table === 'shops'
    ? csvResponse(stream(allShopsRowColumns(data), data.shops), exportFilename('all-shops', data.currency, ...days))
    : csvResponse(
        stream(rankingColumns(data), rankingCsvRows(data)),
        exportFilename('all-shops-skus', data.currency, ...days),
      );
});
