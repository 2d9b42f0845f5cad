import { implement } from '@/lib/server/endpoint';
import { BOOK_ENDPOINTS } from '@/lib/endpoints/books';
import { loadMonthFacts } from '@/lib/server/loaders/books';
import { withShop } from '@/lib/server/loaders/shops';

export const dynamic = 'force-dynamic';

/**
 * A month as the close dialog shows it: the whole month's share still estimated, its open orders and
 * when the last is expected to settle, its days stored, and why it may not close yet; under the
 * books' basis (the query's switches and cost view before the first close).
 */
export const GET = implement(BOOK_ENDPOINTS['GET shops/[shopId]/books/months/[month]'], async ({ params, query }) => {
  const { shopId, month } = params;
  return await withShop(shopId, (shop) => loadMonthFacts(shop, month, query));
});
