import { confirmedMonths, guardShopWrite } from '@/lib/server/actions/closed-months';
import { shopParamsSchema } from '@/lib/api/query-params';
import { apiRoute } from '@/lib/server/handler';
import { importCogsCsv } from '@/lib/server/actions/unit-costs';
import { loadCogsTemplate } from '@/lib/server/loaders/unit-costs';
import { withShop } from '@/lib/server/loaders/shops';
import { CSV_BODY_BYTES, parseBody, parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { csvUploadBodySchema } from '@/lib/costs/schemas';
import { csvResponse } from '@/lib/exports/filename';

export const dynamic = 'force-dynamic';

/** The import's template: every SKU with its seller SKU and unit cost in effect today, from today. */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/your-costs/cogs/import', access: 'view-profit' },
  async (_request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const { csv, filename } = await withShop(shopId, loadCogsTemplate);
    return csvResponse(new Blob([csv]).stream(), filename);
  },
);

/**
 * `{ csv, commit? }`: previews a unit cost file (each SKU's cost before → after, refused lines);
 * with `commit: true` writes its entries as one undoable change (any row error → 400, nothing written).
 */
export const POST = apiRoute<{ shopId: string }>(
  { route: 'POST /api/dashboard/shops/[shopId]/your-costs/cogs/import', access: 'edit-costs' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const upload = await parseBody(request, csvUploadBodySchema, { maxBytes: CSV_BODY_BYTES });
    return ok(
      await withShop(shopId, (shop) =>
        guardShopWrite(shop, confirmedMonths(request), () => importCogsCsv(shop, upload)),
      ),
    );
  },
);
