import { apiRoute } from '@/lib/api/server/handler';
import { parseQuery } from '@/lib/api/server/request';
import { ok } from '@/lib/api/server/response';
import { loadShops } from '@/lib/api/server/loaders/shops';
import { shopsQuerySchema } from '@/lib/api/query-params';

export const dynamic = 'force-dynamic';

/** Every shop of the configured key, with its currency; `name` filters by a case-insensitive substring. */
export const GET = apiRoute({ route: 'GET /api/dashboard/shops', access: 'view' }, async (request) => {
  const { name } = parseQuery(request, shopsQuerySchema);
  return ok(await loadShops(name));
});
