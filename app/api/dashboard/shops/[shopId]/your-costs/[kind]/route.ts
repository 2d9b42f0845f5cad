import { confirmedMonths, guardShopWrite } from '@/lib/server/actions/closed-months';
import { costKindParamsSchema } from '@/lib/api/query-params';
import { costEntryBodySchema, kindBodySchema } from '@/lib/costs/kind-bodies';
import { apiRoute } from '@/lib/server/handler';
import { costKind, saveEntry } from '@/lib/server/actions/your-costs';
import { withShop } from '@/lib/server/loaders/shops';
import { parseBody, parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';

export const dynamic = 'force-dynamic';

type Params = { shopId: string; kind: string };

/**
 * Adds an entry of a cost kind (lib/costs/kinds: `ad-spend`, `expenses`, `cogs`, …), its body the
 * kind's schema: 201 { item, audit, warnings }; 404 NOT_FOUND for a kind that does not exist.
 */
export const POST = apiRoute<Params>(
  { route: 'POST /api/dashboard/shops/[shopId]/your-costs/[kind]', access: 'edit-costs' },
  async (request, { params }) => {
    const { shopId, kind: path } = await parseParams(params, costKindParamsSchema);
    const kind = costKind(path);
    const body = kindBodySchema(kind).parse(await parseBody(request, costEntryBodySchema));
    return ok(
      await withShop(shopId, (shop) =>
        guardShopWrite(shop, confirmedMonths(request), () => saveEntry(kind, shop, body)),
      ),
      { status: 201 },
    );
  },
);
