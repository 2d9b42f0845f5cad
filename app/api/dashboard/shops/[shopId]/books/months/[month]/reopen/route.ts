import { implement } from '@/lib/server/endpoint';
import { BOOK_ENDPOINTS } from '@/lib/endpoints/books';
import { withShop } from '@/lib/server/loaders/shops';
import { reopenMonth } from '@/lib/server/actions/books';

export const dynamic = 'force-dynamic';

/**
 * Reopens the latest closed month, with a reason of a few words (it stays in the history): its
 * frozen statement goes, and the adjustments it booked are pending again in it.
 */
export const POST = implement(
  BOOK_ENDPOINTS['POST shops/[shopId]/books/months/[month]/reopen'],
  async ({ params, body }) => {
    const { shopId, month } = params;
    const { reason } = body;
    return await withShop(shopId, (shop) => reopenMonth(shop, month, reason));
  },
);
