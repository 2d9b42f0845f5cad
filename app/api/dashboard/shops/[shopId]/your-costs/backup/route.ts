import { confirmedMonths, guardShopWrite } from '@/lib/server/actions/closed-months';
import { shopParamsSchema } from '@/lib/api/query-params';
import { apiRoute } from '@/lib/server/handler';
import { restoreBackup } from '@/lib/server/actions/your-costs';
import { loadBackup } from '@/lib/server/loaders/your-costs';
import { withShop } from '@/lib/server/loaders/shops';
import { CSV_BODY_BYTES, parseBody, parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { csvUploadBodySchema } from '@/lib/costs/schemas';
import { csvResponse } from '@/lib/exports/filename';

export const dynamic = 'force-dynamic';

/** Every input of the shop as one CSV file (the backup). */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/your-costs/backup', access: 'view-profit' },
  async (_request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const { csv, filename } = await withShop(shopId, loadBackup);
    return csvResponse(new Blob([csv]).stream(), filename);
  },
);

/** `{ csv, commit? }`: previews a backup; with `commit: true` replaces every input of the shop (one undoable change). */
export const POST = apiRoute<{ shopId: string }>(
  { route: 'POST /api/dashboard/shops/[shopId]/your-costs/backup', access: 'edit-costs' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const upload = await parseBody(request, csvUploadBodySchema, { maxBytes: CSV_BODY_BYTES });
    return ok(
      await withShop(shopId, (shop) =>
        guardShopWrite(shop, confirmedMonths(request), () => restoreBackup(shop, upload)),
      ),
    );
  },
);
