import { confirmedMonths, guardShopWrite } from '@/lib/server/actions/closed-months';
import { shopParamsSchema } from '@/lib/api/query-params';
import { apiRoute } from '@/lib/server/handler';
import { importAdSpendCsv } from '@/lib/server/actions/your-costs';
import { withShop } from '@/lib/server/loaders/shops';
import { CSV_BODY_BYTES, parseBody, parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { csvUploadBodySchema } from '@/lib/costs/schemas';

export const dynamic = 'force-dynamic';

/**
 * `{ csv, commit? }`: previews an ad spend file; with `commit: true` replaces the ad spend of the
 * days it covers (any row error → 400, nothing written).
 */
export const POST = apiRoute<{ shopId: string }>(
  { route: 'POST /api/dashboard/shops/[shopId]/your-costs/ad-spend/import', access: 'edit-costs' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const upload = await parseBody(request, csvUploadBodySchema, { maxBytes: CSV_BODY_BYTES });
    return ok(
      await withShop(shopId, (shop) =>
        guardShopWrite(shop, confirmedMonths(request), () => importAdSpendCsv(shop, upload)),
      ),
    );
  },
);
