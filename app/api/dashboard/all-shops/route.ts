import { allShopsQuerySchema, rangeQuerySchema } from '@/lib/api/query-params';
import { apiRoute } from '@/lib/api/server/handler';
import { parseQuery } from '@/lib/api/server/request';
import { ok } from '@/lib/api/server/response';
import { loadAllShops } from '@/lib/api/server/loaders/all-shops';
import { costViewQuerySchema, switchesQuerySchema } from '@/lib/reports/query-params';

export const dynamic = 'force-dynamic';

/** Every shop of the key over the range (each in its own time zone), converted into one currency. */
export const GET = apiRoute({ route: 'GET /api/dashboard/all-shops', access: 'view' }, async (request) => {
  const { range } = parseQuery(request, rangeQuerySchema);
  const switches = parseQuery(request, switchesQuerySchema);
  const view = parseQuery(request, allShopsQuerySchema);
  const costView = parseQuery(request, costViewQuerySchema);
  return ok(await loadAllShops({ ...view, range, switches, costView }));
});
