import { confirmedMonths, guardShopWrite } from '@/lib/server/actions/closed-months';
import { shopParamsSchema } from '@/lib/api/query-params';
import { apiRoute } from '@/lib/server/handler';
import { undoCostChange } from '@/lib/server/actions/your-costs';
import { withShop } from '@/lib/server/loaders/shops';
import { parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';

export const dynamic = 'force-dynamic';

/** Reverts the newest change of the shop's inputs: { undone, audit }; 409 NOTHING_TO_UNDO when none. */
export const POST = apiRoute<{ shopId: string }>(
  { route: 'POST /api/dashboard/shops/[shopId]/your-costs/undo', access: 'edit-costs' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    return ok(
      await withShop(shopId, (shop) => guardShopWrite(shop, confirmedMonths(request), () => undoCostChange(shop))),
    );
  },
);
