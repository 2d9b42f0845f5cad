import 'server-only';
import { storeDb } from '@/lib/server/store-db';
import type { ConnectedShop } from '@/lib/api/schemas';
import { backupCsv, type BackupShop } from '@/lib/costs/backup';
import type { CostSku } from '@/lib/costs/types';
import type { CostsData } from '@/lib/costs/data';
import * as store from '@/lib/store/cost-inputs';
import { shopLocalDate } from '@/lib/time';
import { upstream } from '../upstream';
import { iteratePages } from '@/lib/upstream';
import { toCents } from '@/lib/profit';
import { DASHBOARD_VERSION } from '@/lib/config/version';

// The seller's cost inputs of one shop, read (docs/ARCHITECTURE.md#your-costs): the page's data,
// the shop's SKUs a cost may name, the backup file. The writes are lib/server/actions/your-costs.

/**
 * The shop's SKUs a cost may name: the stored catalog (and SKUs seen in orders); before the first
 * sync has stored the catalog, the upstream's catalog read now (interactive, not stored: a GET
 * writes nothing), so a seller can enter costs on a fresh dashboard.
 */
export async function shopSkus(shopId: string): Promise<CostSku[]> {
  const stored = await store.costSkus(await storeDb(), shopId);
  if (stored.length > 0) return stored;
  const out: CostSku[] = [];
  for await (const page of iteratePages((page, limit) =>
    upstream().products(shopId, { page, limit }, { priority: 'interactive' }),
  )) {
    for (const p of page.items) {
      for (const sku of p.skus) {
        out.push({
          skuId: sku.id,
          productId: p.productId,
          productName: p.name,
          skuName: '',
          sellerSku: sku.sku,
          priceCents: toCents(sku.price),
          serviceUnitCogsCents: Math.abs(toCents(sku.cogs)),
        });
      }
    }
  }
  return out;
}

export async function loadYourCosts(shop: ConnectedShop): Promise<CostsData> {
  const d = await storeDb();
  const [inputs, audit, undoable, skus] = await Promise.all([
    store.readCostInputs(d, shop.id),
    store.listAudit(d, shop.id),
    store.undoableEntry(d, shop.id),
    shopSkus(shop.id),
  ]);
  return { inputs, audit, undoable, skus };
}

/** The shop's today, in its time zone: what input days are held to. */
export function shopToday(shop: ConnectedShop): string {
  return shopLocalDate(Math.floor(Date.now() / 1000), shop.timezone);
}

/** `costs_<shopId>_<today in the shop's zone>.csv`: the id with anything unsafe in a header replaced. */
export function backupFilename(shop: ConnectedShop, now = Date.now()): string {
  return `costs_${shop.id.replace(/[^A-Za-z0-9._-]/g, '-')}_${shopLocalDate(Math.floor(now / 1000), shop.timezone)}.csv`;
}

/** What a backup file says of the shop it is of. */
function backupShop(shop: ConnectedShop): BackupShop {
  return { id: shop.id, name: shop.shopName, currency: shop.currency, dashboardVersion: DASHBOARD_VERSION };
}

export async function loadBackup(shop: ConnectedShop): Promise<{ csv: string; filename: string }> {
  return {
    csv: backupCsv(await store.readCostInputs(await storeDb(), shop.id), backupShop(shop)),
    filename: backupFilename(shop),
  };
}
