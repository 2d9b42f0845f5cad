import { confirmedMonths, guardShopWrite } from '@/lib/server/actions/closed-months';
import { implement } from '@/lib/server/endpoint';
import { COST_ENDPOINTS } from '@/lib/endpoints/costs';
import { restoreBackup } from '@/lib/server/actions/your-costs';
import { loadBackup } from '@/lib/server/loaders/your-costs';
import { withShop } from '@/lib/server/loaders/shops';
import { csvResponse } from '@/lib/exports/filename';

export const dynamic = 'force-dynamic';

/** Every input of the shop as one CSV file (the backup). */
export const GET = implement(COST_ENDPOINTS['GET shops/[shopId]/your-costs/backup'], async ({ params }) => {
  const { shopId } = params;
  const { csv, filename } = await withShop(shopId, loadBackup);
  return csvResponse(new Blob([csv]).stream(), filename);
});

/** `{ csv, commit? }`: previews a backup; with `commit: true` replaces every input of the shop (one undoable change). */
export const POST = implement(
  COST_ENDPOINTS['POST shops/[shopId]/your-costs/backup'],
  async ({ params, body }, { request }) => {
    const { shopId } = params;
    const upload = body;
    return await withShop(shopId, (shop) =>
      guardShopWrite(shop, confirmedMonths(request), () => restoreBackup(shop, upload)),
    );
  },
);
