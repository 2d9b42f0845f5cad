import { implement } from '@/lib/server/endpoint';
import { BOOK_ENDPOINTS } from '@/lib/endpoints/books';
import { withShop } from '@/lib/server/loaders/shops';
import { loadBooks } from '@/lib/server/loaders/books';

export const dynamic = 'force-dynamic';

/** The shop's books: closed months, the first open month, the month that may close next, the basis and the history. */
export const GET = implement(BOOK_ENDPOINTS['GET shops/[shopId]/books'], async ({ params }) => {
  const { shopId } = params;
  return await withShop(shopId, (shop) => loadBooks(shop));
});
