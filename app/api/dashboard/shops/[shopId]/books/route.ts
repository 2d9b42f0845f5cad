import { shopParamsSchema } from '@/lib/api/query-params';
import { apiRoute } from '@/lib/server/handler';
import { parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { withShop } from '@/lib/server/loaders/shops';
import { loadBooks } from '@/lib/server/loaders/books';

export const dynamic = 'force-dynamic';

/** The shop's books: closed months, the first open month, the month that may close next, the basis and the history. */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/books', access: 'view-profit' },
  async (_request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    return ok(await withShop(shopId, (shop) => loadBooks(shop)));
  },
);
