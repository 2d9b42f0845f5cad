import { costEntryParamsSchema } from '@/lib/api/query-params';
import { apiRoute } from '@/lib/server/handler';
import { removeExpense, saveExpense } from '@/lib/server/loaders/your-costs';
import { withShop } from '@/lib/server/loaders/shops';
import { parseBody, parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { expenseBodySchema } from '@/lib/costs/schemas';

export const dynamic = 'force-dynamic';

type Params = { shopId: string; id: string };

/** Replaces an expense (same body as POST): { item, audit }; 404 NOT_FOUND for an unknown id. */
export const PUT = apiRoute<Params>(
  { route: 'PUT /api/dashboard/shops/[shopId]/your-costs/expenses/[id]', access: 'edit-costs' },
  async (request, { params }) => {
    const { shopId, id } = await parseParams(params, costEntryParamsSchema);
    const body = await parseBody(request, expenseBodySchema);
    return ok(await withShop(shopId, (shop) => saveExpense(shop, body, id)));
  },
);

/** Deletes an expense: { audit }. */
export const DELETE = apiRoute<Params>(
  { route: 'DELETE /api/dashboard/shops/[shopId]/your-costs/expenses/[id]', access: 'edit-costs' },
  async (_request, { params }) => {
    const { shopId, id } = await parseParams(params, costEntryParamsSchema);
    return ok(await withShop(shopId, (shop) => removeExpense(shop, id)));
  },
);
