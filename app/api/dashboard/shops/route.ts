import { implement } from '@/lib/server/endpoint';
import { SHOP_ENDPOINTS } from '@/lib/endpoints/shops';
import { loadShops } from '@/lib/server/loaders/shops';

export const dynamic = 'force-dynamic';

/** Every shop of the configured key, with its currency; `name` filters by a case-insensitive substring. */
export const GET = implement(SHOP_ENDPOINTS['GET shops'], async ({ query }) => {
  const { name } = query;
  return await loadShops(name);
});
