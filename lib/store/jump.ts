import { sql } from 'kysely';
import type { Order } from '@/lib/contract';
import { foldCase } from '@/lib/db/sql-helpers';
import type { OrderStore } from './order-store';
import { skuInfo } from './reads';

// The jump-to's reads (docs/ARCHITECTURE.md#navigation-and-the-jump-to): a SKU by its seller SKU or
// its names, an order by its number, from what the shop's store holds. Names only, never a figure.

export interface FoundSku {
  skuId: string;
  sellerSku: string;
  productName: string;
  skuName: string;
}

export interface FoundOrder {
  orderId: string;
  orderNumber: string;
  /** The order's shop-local day. */
  day: string;
}

/** How well a SKU answers `needle` (folded): its seller SKU itself, then its start, then any of its words; -1 for none. */
function skuRank(sku: FoundSku, needle: string): number {
  const seller = foldCase(sku.sellerSku);
  if (seller === needle) return 0;
  if (seller.startsWith(needle)) return 1;
  if (seller.includes(needle)) return 2;
  if (foldCase(sku.productName).includes(needle) || foldCase(sku.skuName).includes(needle)) return 3;
  return -1;
}

/** The shop's SKUs (as its orders and catalog name them) that `text` names, the best first. */
export async function findSkus(store: OrderStore, shopId: string, text: string, limit: number): Promise<FoundSku[]> {
  const needle = foldCase(text.trim());
  if (!needle) return [];
  const ranked: { sku: FoundSku; rank: number }[] = [];
  for (const [skuId, info] of await skuInfo(store.db, shopId)) {
    const sku = { skuId, sellerSku: info.sellerSku, productName: info.productName, skuName: info.skuName };
    const rank = skuRank(sku, needle);
    if (rank >= 0) ranked.push({ sku, rank });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.sku.sellerSku.localeCompare(b.sku.sellerSku));
  return ranked.slice(0, limit).map((r) => r.sku);
}

/** Stored orders read per look: the most recent candidates whose payload holds the text at all. */
const CANDIDATES = 200;

/**
 * The shop's stored orders whose number contains `text` (ignoring case, as the orders filter does),
 * the most recent first. Order numbers live in the stored payloads: the database narrows the rows
 * to those holding the text anywhere, each is then read and its number checked.
 */
export async function findOrders(
  store: OrderStore,
  shopId: string,
  text: string,
  limit: number,
): Promise<FoundOrder[]> {
  const needle = foldCase(text.trim());
  // A quote or backslash is escaped inside the stored JSON: no order number of the interface holds one.
  if (!needle || /["\\]/.test(needle)) return [];
  const contains = store.dialect === 'postgres' ? sql.raw('strpos') : sql.raw('instr');
  const rows = await store.db
    .selectFrom('st_order')
    .select(['order_id', 'local_day', 'payload'])
    .where('shop_id', '=', shopId)
    .where(sql<boolean>`${contains}(lower(payload), ${needle}) > 0`)
    .orderBy('create_time', 'desc')
    .orderBy('order_id', 'desc')
    .limit(CANDIDATES)
    .execute();
  const found: FoundOrder[] = [];
  for (const row of rows) {
    const order = JSON.parse(row.payload) as Pick<Order, 'orderNumber'>;
    if (!foldCase(order.orderNumber).includes(needle)) continue;
    found.push({ orderId: row.order_id, orderNumber: order.orderNumber, day: row.local_day });
    if (found.length === limit) break;
  }
  return found;
}

/** Whether the store has read anything of the shop yet: a day of its orders, an order, or its catalog. */
export async function holdsShop(store: OrderStore, shopId: string): Promise<boolean> {
  const first = await Promise.all([
    store.db.selectFrom('st_coverage').select('shop_id').where('shop_id', '=', shopId).limit(1).executeTakeFirst(),
    store.db.selectFrom('st_order').select('shop_id').where('shop_id', '=', shopId).limit(1).executeTakeFirst(),
    store.db.selectFrom('st_catalog_sku').select('shop_id').where('shop_id', '=', shopId).limit(1).executeTakeFirst(),
  ]);
  return first.some((row) => row !== undefined);
}
