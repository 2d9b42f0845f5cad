import { bookMonthParamsSchema, closeBodySchema } from '@/lib/reports/books-schemas';
import { apiRoute } from '@/lib/server/handler';
import { loadMonthFacts } from '@/lib/server/loaders/books';
import { withShop } from '@/lib/server/loaders/shops';
import { parseParams, parseQuery } from '@/lib/server/request';
import { ok } from '@/lib/server/response';

export const dynamic = 'force-dynamic';

/**
 * A month as the close dialog shows it: the whole month's share still estimated, its open orders and
 * when the last is expected to settle, its days stored, and why it may not close yet; under the
 * books' basis (the query's switches and cost view before the first close).
 */
export const GET = apiRoute<{ shopId: string; month: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/books/months/[month]', access: 'view-profit' },
  async (request, { params }) => {
    const { shopId, month } = await parseParams(params, bookMonthParamsSchema);
    const view = parseQuery(request, closeBodySchema);
    return ok(await withShop(shopId, (shop) => loadMonthFacts(shop, month, view)));
  },
);
