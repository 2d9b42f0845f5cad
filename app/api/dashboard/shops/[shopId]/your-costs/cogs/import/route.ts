import { confirmedMonths, guardShopWrite } from '@/lib/server/actions/closed-months';
import { implement } from '@/lib/server/endpoint';
import { COST_ENDPOINTS } from '@/lib/endpoints/costs';
import { importCogsCsv } from '@/lib/server/actions/unit-costs';
import { loadCogsTemplate } from '@/lib/server/loaders/unit-costs';
import { withShop } from '@/lib/server/loaders/shops';
import { csvResponse } from '@/lib/exports/filename';

export const dynamic = 'force-dynamic';

/** The import's template: every SKU with its seller SKU and unit cost in effect today, from the day it starts (blank without one). */
export const GET = implement(COST_ENDPOINTS['GET shops/[shopId]/your-costs/cogs/import'], async ({ params }) => {
  const { shopId } = params;
  const { csv, filename } = await withShop(shopId, loadCogsTemplate);
  return csvResponse(new Blob([csv]).stream(), filename);
});

/**
 * `{ csv, commit? }`: previews a unit cost file (each SKU's cost before → after, refused lines);
 * with `commit: true` writes its entries as one undoable change (any row error → 400, nothing written).
 */
export const POST = implement(
  COST_ENDPOINTS['POST shops/[shopId]/your-costs/cogs/import'],
  async ({ params, body }, { request }) => {
    const { shopId } = params;
    const upload = body;
    return await withShop(shopId, (shop) =>
      guardShopWrite(shop, confirmedMonths(request), () => importCogsCsv(shop, upload)),
    );
  },
);
