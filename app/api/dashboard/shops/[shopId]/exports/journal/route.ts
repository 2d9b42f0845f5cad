import { shopParamsSchema } from '@/lib/api/query-params';
import { csvResponse } from '@/lib/exports/filename';
import { journalQuerySchema } from '@/lib/reports/journal-schemas';
import { apiRoute } from '@/lib/server/handler';
import { loadJournalFile } from '@/lib/server/loaders/journal';
import { withShop } from '@/lib/server/loaders/shops';
import { parseParams, parseQuery } from '@/lib/server/request';

export const dynamic = 'force-dynamic';

/** A month's journal for Xero or QuickBooks, one file per part of at most 300 rows; `X-Journal-Parts` says how many. */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/exports/journal', access: 'view-profit' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const query = parseQuery(request, journalQuerySchema);
    const file = await withShop(shopId, (shop) => loadJournalFile(shop, query));
    const body = new Blob([file.body]).stream();
    return csvResponse(body, file.filename, {
      'X-Journal-Parts': String(file.parts),
    });
  },
);
