import { bookMonthParamsSchema, closeBodySchema } from '@/lib/api/books';
import { apiRoute } from '@/lib/server/handler';
import { parseBody, parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { withShop } from '@/lib/server/loaders/shops';
import { closeMonth } from '@/lib/server/actions/books';

export const dynamic = 'force-dynamic';

/**
 * Closes a month: its statement is frozen as it stands, under the books' basis (the first close takes
 * the body's switches and cost view). 409 CONFLICT with a sentence when the month has not ended,
 * is not fully stored, or is not the next in the chain of closed months.
 */
export const POST = apiRoute<{ shopId: string; month: string }>(
  { route: 'POST /api/dashboard/shops/[shopId]/books/months/[month]/close', access: 'close-books' },
  async (request, { params }) => {
    const { shopId, month } = await parseParams(params, bookMonthParamsSchema);
    const view = await parseBody(request, closeBodySchema);
    return ok(await withShop(shopId, (shop) => closeMonth(shop, month, view)));
  },
);
