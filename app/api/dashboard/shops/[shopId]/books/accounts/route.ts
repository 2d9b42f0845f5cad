import { implement } from '@/lib/server/endpoint';
import { JOURNAL_ENDPOINTS } from '@/lib/endpoints/journal';
import { saveAccountMap } from '@/lib/server/actions/journal';
import { loadAccountMap } from '@/lib/server/loaders/journal';
import { withShop } from '@/lib/server/loaders/shops';

export const dynamic = 'force-dynamic';

/** The account each P&L line posts to in the shop's journal, and where each comes from. */
export const GET = implement(JOURNAL_ENDPOINTS['GET shops/[shopId]/books/accounts'], async ({ params }) => {
  const { shopId } = params;
  return await withShop(shopId, loadAccountMap);
});

/** Sets accounts `{ accounts: [{ key, scope, choice, code, name, taxRate }] }`, all or none: the mapping as read next. */
export const PUT = implement(JOURNAL_ENDPOINTS['PUT shops/[shopId]/books/accounts'], async ({ params, body }) => {
  const { shopId } = params;
  return await withShop(shopId, (shop) => saveAccountMap(shop, body));
});
