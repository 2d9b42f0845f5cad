import { implement } from '@/lib/server/endpoint';
import { SHOP_ENDPOINTS } from '@/lib/endpoints/shops';
import { withShop } from '@/lib/server/loaders/shops';
import { loadSyncStatus } from '@/lib/server/loaders/reports';

export const dynamic = 'force-dynamic';

/** The shop's sync progress; with a range, also how much of it is synced. */
export const GET = implement(SHOP_ENDPOINTS['GET shops/[shopId]/sync'], async ({ params, query }) => {
  const { shopId } = params;
  const range = query?.range ?? null;
  return await withShop(shopId, (shop) => loadSyncStatus(shop, range, false));
});

/**
 * Starts (or resumes) syncing a range: body `{ "range": "last-90-days" }` or `{ "from", "to" }`,
 * and `"retry": true` when a person asks to retry a failed sync now; `?compare=1` also syncs the
 * period the overview compares it with. A long first read waits for `"confirm": true` (409 CONFIRM_LONG_READ).
 */
export const POST = implement(SHOP_ENDPOINTS['POST shops/[shopId]/sync'], async ({ params, query, body }) => {
  const { shopId } = params;
  const { range, retry, confirm } = body;
  const { compare } = query;
  return await withShop(shopId, (shop) => loadSyncStatus(shop, range, true, compare, retry, confirm));
});
