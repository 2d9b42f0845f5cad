import { confirmedMonths, guardShopWrite } from '@/lib/server/actions/closed-months';
import { implement } from '@/lib/server/endpoint';
import { COST_ENDPOINTS } from '@/lib/endpoints/costs';
import { importAdSpendCsv } from '@/lib/server/actions/your-costs';
import { withShop } from '@/lib/server/loaders/shops';

export const dynamic = 'force-dynamic';

/**
 * `{ csv, commit? }`: previews an ad spend file; with `commit: true` replaces the ad spend of the
 * days it covers (any row error → 400, nothing written).
 */
export const POST = implement(
  COST_ENDPOINTS['POST shops/[shopId]/your-costs/ad-spend/import'],
  async ({ params, body }, { request }) => {
    const { shopId } = params;
    const upload = body;
    return await withShop(shopId, (shop) =>
      guardShopWrite(shop, confirmedMonths(request), () => importAdSpendCsv(shop, upload)),
    );
  },
);
