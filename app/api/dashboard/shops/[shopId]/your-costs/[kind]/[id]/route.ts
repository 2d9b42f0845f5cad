import { confirmedMonths, guardShopWrite } from '@/lib/server/actions/closed-months';
import { implement } from '@/lib/server/endpoint';
import { COST_ENDPOINTS } from '@/lib/endpoints/costs';
import { kindBodySchema } from '@/lib/costs/kind-bodies';
import { costKind, removeEntry, saveEntry } from '@/lib/server/actions/your-costs';
import { withShop } from '@/lib/server/loaders/shops';

export const dynamic = 'force-dynamic';

/** Replaces an entry of a cost kind (same body as its POST): { item, audit, warnings }; 404 NOT_FOUND for an unknown id or kind. */
export const PUT = implement(
  COST_ENDPOINTS['PUT shops/[shopId]/your-costs/[kind]/[id]'],
  async ({ params, body: entry }, { request }) => {
    const { shopId, kind: path, id } = params;
    const kind = costKind(path);
    const body = kindBodySchema(kind).parse(entry);
    return await withShop(shopId, (shop) =>
      guardShopWrite(shop, confirmedMonths(request), () => saveEntry(kind, shop, body, id)),
    );
  },
);

/** Deletes an entry of a cost kind: { audit }. */
export const DELETE = implement(
  COST_ENDPOINTS['DELETE shops/[shopId]/your-costs/[kind]/[id]'],
  async ({ params }, { request }) => {
    const { shopId, kind: path, id } = params;
    const kind = costKind(path);
    return await withShop(shopId, (shop) =>
      guardShopWrite(shop, confirmedMonths(request), () => removeEntry(kind, shop, id)),
    );
  },
);
