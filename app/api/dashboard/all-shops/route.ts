import { apiRoute } from '@/lib/server/handler';
import { parseView } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { loadAllShops } from '@/lib/server/loaders/all-shops';
import { allShopsView } from '@/lib/views/all-shops';
import { costViewOf, switchesOf } from '@/lib/views/switches';

export const dynamic = 'force-dynamic';

/** Every shop of the key over the range (each in its own time zone), converted into one currency. */
export const GET = apiRoute({ route: 'GET /api/dashboard/all-shops', access: 'view' }, async (request) => {
  const view = parseView(request, allShopsView);
  const { currency, merge, range } = view;
  return ok(await loadAllShops({ currency, merge, range, switches: switchesOf(view), costView: costViewOf(view) }));
});
