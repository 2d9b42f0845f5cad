import { shopParamsSchema } from '@/lib/api/query-params';
import { notSyncedYet } from '@/lib/api/dashboard-error';
import { apiRoute } from '@/lib/api/server/handler';
import { csvColumnsFor } from '@/lib/api/server/access';
import { parseParams, parseView } from '@/lib/api/server/request';
import { withShop } from '@/lib/api/server/loaders/shops';
import { csvStream } from '@/lib/csv';
import { csvResponse, exportFilename } from '@/lib/exports/filename';
import { skuProfitView } from '@/lib/views/sku-profit';
import { costViewOf, switchesOf } from '@/lib/views/switches';
import { skuProfitCsvColumns } from '@/lib/reports/sku-profit-csv';
import { loadSkuReport } from '@/lib/api/server/loaders/reports';

export const dynamic = 'force-dynamic';

/** The SKU profit table as CSV: the same rows, search and sort as the page. */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/exports/sku-profit', access: 'view-profit' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const view = parseView(request, skuProfitView);
    const costView = costViewOf(view);
    const data = await withShop(shopId, (shop) => loadSkuReport(shop, view.range, switchesOf(view), view, costView));
    if (!data.report || data.partial) throw notSyncedYet(data.coverage);
    const rows = data.report.rows;
    const body = csvStream(
      csvColumnsFor(skuProfitCsvColumns),
      (async function* () {
        yield rows;
      })(),
    );
    return csvResponse(body, exportFilename('sku-profit', data.shop.name, data.range.from, data.range.to));
  },
);
