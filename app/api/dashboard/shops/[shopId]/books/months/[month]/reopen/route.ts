import { bookMonthParamsSchema, reopenBodySchema } from '@/lib/api/books';
import { apiRoute } from '@/lib/server/handler';
import { parseBody, parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { withShop } from '@/lib/server/loaders/shops';
import { reopenMonth } from '@/lib/server/actions/books';

export const dynamic = 'force-dynamic';

/**
 * Reopens the latest closed month, with a reason of a few words (it stays in the history): its
 * frozen statement goes, and the adjustments it booked are pending again in it.
 */
export const POST = apiRoute<{ shopId: string; month: string }>(
  { route: 'POST /api/dashboard/shops/[shopId]/books/months/[month]/reopen', access: 'close-books' },
  async (request, { params }) => {
    const { shopId, month } = await parseParams(params, bookMonthParamsSchema);
    const { reason } = await parseBody(request, reopenBodySchema);
    return ok(await withShop(shopId, (shop) => reopenMonth(shop, month, reason)));
  },
);
