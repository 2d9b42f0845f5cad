import { implement } from '@/lib/server/endpoint';
import { BOOK_ENDPOINTS } from '@/lib/endpoints/books';
import { withShop } from '@/lib/server/loaders/shops';
import { loadAdjustments } from '@/lib/server/loaders/books';

export const dynamic = 'force-dynamic';

/** The itemised adjustments to closed periods of a month: booked if it is closed, pending if it is the first open month. */
export const GET = implement(BOOK_ENDPOINTS['GET shops/[shopId]/books/adjustments'], async ({ params, query }) => {
  const { shopId } = params;
  const { month } = query;
  return await withShop(shopId, (shop) => loadAdjustments(shop, month));
});
