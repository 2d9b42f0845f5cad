import { apiRoute } from '@/lib/server/handler';
import { parseQuery } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { loadShops } from '@/lib/server/loaders/shops';
import { shopsQuerySchema } from '@/lib/api/query-params';

export const dynamic = 'force-dynamic';

/** Every shop of the configured key, with its currency; `name` filters by a case-insensitive substring. */
export const GET = apiRoute({ route: 'GET /api/dashboard/shops', access: 'view' }, async (request) => {
  const { name } = parseQuery(request, shopsQuerySchema);
  return ok(await loadShops(name));
});
