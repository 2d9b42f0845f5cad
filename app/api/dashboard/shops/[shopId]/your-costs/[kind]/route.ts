import { confirmedMonths, guardShopWrite } from '@/lib/server/actions/closed-months';
import { implement } from '@/lib/server/endpoint';
import { COST_ENDPOINTS } from '@/lib/endpoints/costs';
import { kindBodySchema } from '@/lib/costs/kind-bodies';
import { costKind, saveEntry } from '@/lib/server/actions/your-costs';
import { withShop } from '@/lib/server/loaders/shops';

export const dynamic = 'force-dynamic';

/**
 * Adds an entry of a cost kind (lib/costs/kinds: `ad-spend`, `expenses`, `cogs`, …), its body the
 * kind's schema: 201 { item, audit, warnings }; 404 NOT_FOUND for a kind that does not exist.
 */
export const POST = implement(
  COST_ENDPOINTS['POST shops/[shopId]/your-costs/[kind]'],
  async ({ params, body: entry }, { request }) => {
    const { shopId, kind: path } = params;
    const kind = costKind(path);
    const body = kindBodySchema(kind).parse(entry);
    return await withShop(shopId, (shop) =>
      guardShopWrite(shop, confirmedMonths(request), () => saveEntry(kind, shop, body)),
    );
  },
);
