import { implement } from '@/lib/server/endpoint';
import { BOOK_ENDPOINTS } from '@/lib/endpoints/books';
import { withShop } from '@/lib/server/loaders/shops';
import { closeMonth } from '@/lib/server/actions/books';

export const dynamic = 'force-dynamic';

/**
 * Closes a month: its statement is frozen as it stands, under the books' basis (the first close takes
 * the body's switches and cost view). 409 CONFLICT with a sentence when the month has not ended,
 * is not fully stored, or is not the next in the chain of closed months.
 */
export const POST = implement(
  BOOK_ENDPOINTS['POST shops/[shopId]/books/months/[month]/close'],
  async ({ params, body }) => {
    const { shopId, month } = params;
    const view = body;
    return await withShop(shopId, (shop) => closeMonth(shop, month, view));
  },
);
