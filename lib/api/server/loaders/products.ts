import 'server-only';
import type { ProductsQuery } from '@/lib/views/sku-costs';
import type { ProductsData } from '@/lib/api/schemas';
import type { ConnectedShop } from './shops';
import { upstream } from '../upstream';

export async function loadProducts(
  shop: ConnectedShop,
  query: ProductsQuery,
  signal?: AbortSignal,
): Promise<ProductsData> {
  const result = await upstream().products(shop.id, query, { priority: 'interactive', signal });
  return { items: result.items, pagination: result.pagination };
}
