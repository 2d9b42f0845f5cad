import 'server-only';
import { storeDb } from '@/lib/server/store-db';
import type { ConnectedShop } from '@/lib/api/schemas';
import { cogsTemplateCsv } from '@/lib/costs/cogs-import';
import { readCogsEntries } from '@/lib/store/cost-inputs';
import { shopSkus, shopToday } from './your-costs';

// Unit costs in bulk (docs/ARCHITECTURE.md#your-costs): the template of the SKU costs page's unit
// cost file (its import is lib/server/actions/unit-costs).

/** The template: every SKU with its unit cost in effect today, `unit-costs_<shop>_<today>.csv`. */
export async function loadCogsTemplate(shop: ConnectedShop): Promise<{ csv: string; filename: string }> {
  const db = await storeDb();
  const today = shopToday(shop);
  const [skus, entries] = await Promise.all([shopSkus(shop.id), readCogsEntries(db, shop.id)]);
  return {
    csv: cogsTemplateCsv(skus, entries, today),
    filename: `unit-costs_${shop.id.replace(/[^A-Za-z0-9._-]/g, '-')}_${today}.csv`,
  };
}
