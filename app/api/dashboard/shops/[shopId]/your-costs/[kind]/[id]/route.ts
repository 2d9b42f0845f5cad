import { confirmedMonths, guardShopWrite } from '@/lib/server/actions/closed-months';
import { costKindEntryParamsSchema } from '@/lib/api/query-params';
import { costEntryBodySchema, kindBodySchema } from '@/lib/costs/kind-bodies';
import { apiRoute } from '@/lib/server/handler';
import { costKind, removeEntry, saveEntry } from '@/lib/server/actions/your-costs';
import { withShop } from '@/lib/server/loaders/shops';
import { parseBody, parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';

export const dynamic = 'force-dynamic';

type Params = { shopId: string; kind: string; id: string };

/** Replaces an entry of a cost kind (same body as its POST): { item, audit, warnings }; 404 NOT_FOUND for an unknown id or kind. */
export const PUT = apiRoute<Params>(
  { route: 'PUT /api/dashboard/shops/[shopId]/your-costs/[kind]/[id]', access: 'edit-costs' },
  async (request, { params }) => {
    const { shopId, kind: path, id } = await parseParams(params, costKindEntryParamsSchema);
    const kind = costKind(path);
    const body = kindBodySchema(kind).parse(await parseBody(request, costEntryBodySchema));
    return ok(
      await withShop(shopId, (shop) =>
        guardShopWrite(shop, confirmedMonths(request), () => saveEntry(kind, shop, body, id)),
      ),
    );
  },
);

/** Deletes an entry of a cost kind: { audit }. */
export const DELETE = apiRoute<Params>(
  { route: 'DELETE /api/dashboard/shops/[shopId]/your-costs/[kind]/[id]', access: 'edit-costs' },
  async (request, { params }) => {
    const { shopId, kind: path, id } = await parseParams(params, costKindEntryParamsSchema);
    const kind = costKind(path);
    return ok(
      await withShop(shopId, (shop) =>
        guardShopWrite(shop, confirmedMonths(request), () => removeEntry(kind, shop, id)),
      ),
    );
  },
);
