import 'server-only';
import { storeDb } from '@/lib/server/store-db';
import type { ProductsQuery } from '@/lib/views/sku-costs';
import type { ProductsData } from '@/lib/api/schemas';
import { readCogsEntries } from '@/lib/store/cost-inputs';
import type { ConnectedShop } from './shops';
import { upstream } from '../upstream';
import { shopToday } from './your-costs';

/** One page of the catalog, with the seller's dated unit costs of its SKUs (the SKU costs page shows both). */
export async function loadProducts(
  shop: ConnectedShop,
  query: ProductsQuery,
  signal?: AbortSignal,
): Promise<ProductsData> {
  const [result, entries] = await Promise.all([
    upstream().products(shop.id, query, { priority: 'interactive', signal }),
    storeDb().then((db) => readCogsEntries(db, shop.id)),
  ]);
  const onPage = new Set(result.items.flatMap((p) => p.skus.map((s) => s.id)));
  return {
    items: result.items,
    pagination: result.pagination,
    cogs: { entries: entries.filter((e) => onPage.has(e.skuId)), today: shopToday(shop) },
  };
}
