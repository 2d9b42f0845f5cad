import { implement } from '@/lib/server/endpoint';
import { SHOP_ENDPOINTS } from '@/lib/endpoints/shops';
import { loadAllShopsPnl } from '@/lib/server/loaders/all-shops-pnl';
import { switchesOf } from '@/lib/views/switches';

export const dynamic = 'force-dynamic';

/** The P&L by month of every shop in one currency (each day converted at its rate); the All shops view's query. */
export const GET = implement(SHOP_ENDPOINTS['GET all-shops/pnl-by-month'], async ({ query }) => {
  const view = query;
  return await loadAllShopsPnl({
    range: view.range,
    currency: view.currency,
    switches: switchesOf(view),
    costs: view.costs,
  });
});
