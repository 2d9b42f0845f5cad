import 'server-only';
import { storeDb } from '@/lib/server/store-db';
import type { ConnectedShop } from '@/lib/api/schemas';
import type { ImportResult, CogsImportPreview } from '@/lib/costs/data';
import { DashboardError } from '@/lib/api/dashboard-error';
import { parseCogsCsv } from '@/lib/costs/cogs-import';
import type { CsvUploadBody } from '@/lib/costs/schemas';
import { importCogs } from '@/lib/store/cost-bulk';
import { readCogsEntries } from '@/lib/store/cost-inputs';
import { shopSkus, shopToday } from '../loaders/your-costs';
import { refuse } from './your-costs';

// Unit costs in bulk (docs/ARCHITECTURE.md#your-costs): the SKU costs page's import of a unit
// cost file, over the same SKUs, days and trail as one entry's COGS form.

/**
 * Previews a unit cost CSV; with `commit`, writes its entries as one undoable change (any row
 * error → 400, nothing written). The file is read again at commit against the entries then.
 */
export async function importCogsCsv(
  shop: ConnectedShop,
  upload: CsvUploadBody,
): Promise<ImportResult<CogsImportPreview>> {
  const db = await storeDb();
  const [skus, entries] = await Promise.all([shopSkus(shop.id), readCogsEntries(db, shop.id)]);
  const preview = parseCogsCsv(upload.csv, skus, entries, shopToday(shop));
  if (!upload.commit) return { preview, committed: false };
  if (preview.errors.length > 0) refuse(preview.errors, 'imported');
  if (preview.rows.length === 0)
    throw new DashboardError(
      'INVALID_REQUEST',
      'Nothing to import: every line leaves the unit cost as it is (yours is already that amount on that day, or none is given).',
    );
  const rows = preview.rows.map(({ skuId, fromDay, unitCostCents }) => ({ skuId, fromDay, unitCostCents }));
  const { audit } = await importCogs(db, shop.id, rows);
  return { preview, committed: true, audit };
}
