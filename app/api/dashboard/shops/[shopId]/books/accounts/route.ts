import { shopParamsSchema } from '@/lib/api/query-params';
import { accountMapBodySchema } from '@/lib/reports/journal-schemas';
import { saveAccountMap } from '@/lib/server/actions/journal';
import { apiRoute } from '@/lib/server/handler';
import { loadAccountMap } from '@/lib/server/loaders/journal';
import { withShop } from '@/lib/server/loaders/shops';
import { parseBody, parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';

export const dynamic = 'force-dynamic';

/** The account each P&L line posts to in the shop's journal, and where each comes from. */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/books/accounts', access: 'view-profit' },
  async (_request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    return ok(await withShop(shopId, loadAccountMap));
  },
);

/** Sets accounts `{ accounts: [{ key, scope, choice, code, name, taxRate }] }`, all or none: the mapping as read next. */
export const PUT = apiRoute<{ shopId: string }>(
  { route: 'PUT /api/dashboard/shops/[shopId]/books/accounts', access: 'close-books' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const body = await parseBody(request, accountMapBodySchema);
    return ok(await withShop(shopId, (shop) => saveAccountMap(shop, body)));
  },
);
