import { apiRoute } from '@/lib/server/handler';
import { parseView } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { loadAllShopsPnl } from '@/lib/server/loaders/all-shops-pnl';
import { allShopsView } from '@/lib/views/all-shops';
import { switchesOf } from '@/lib/views/switches';

export const dynamic = 'force-dynamic';

/** The P&L by month of every shop in one currency (each day converted at its rate); the All shops view's query. */
export const GET = apiRoute(
  { route: 'GET /api/dashboard/all-shops/pnl-by-month', access: 'view-profit' },
  async (request) => {
    const view = parseView(request, allShopsView);
    return ok(
      await loadAllShopsPnl({
        range: view.range,
        currency: view.currency,
        switches: switchesOf(view),
        costs: view.costs,
      }),
    );
  },
);
