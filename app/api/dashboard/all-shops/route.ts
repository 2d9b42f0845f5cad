import { implement } from '@/lib/server/endpoint';
import { SHOP_ENDPOINTS } from '@/lib/endpoints/shops';
import { loadAllShops } from '@/lib/server/loaders/all-shops';
import { costViewOf, switchesOf } from '@/lib/views/switches';

export const dynamic = 'force-dynamic';

/** Every shop of the key over the range (each in its own time zone), converted into one currency. */
export const GET = implement(SHOP_ENDPOINTS['GET all-shops'], async ({ query }) => {
  const view = query;
  const { currency, merge, range } = view;
  return await loadAllShops({ currency, merge, range, switches: switchesOf(view), costView: costViewOf(view) });
});
