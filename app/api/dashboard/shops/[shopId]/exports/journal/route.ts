import { implement } from '@/lib/server/endpoint';
import { JOURNAL_ENDPOINTS } from '@/lib/endpoints/journal';
import { csvResponse } from '@/lib/exports/filename';
import { loadJournalFile } from '@/lib/server/loaders/journal';
import { withShop } from '@/lib/server/loaders/shops';

export const dynamic = 'force-dynamic';

/** A month's journal for Xero or QuickBooks, one file per part of at most 300 rows; `X-Journal-Parts` says how many. */
export const GET = implement(JOURNAL_ENDPOINTS['GET shops/[shopId]/exports/journal'], async ({ params, query }) => {
  const { shopId } = params;
  const file = await withShop(shopId, (shop) => loadJournalFile(shop, query));
  const body = new Blob([file.body]).stream();
  return csvResponse(body, file.filename, {
    'X-Journal-Parts': String(file.parts),
  });
});
