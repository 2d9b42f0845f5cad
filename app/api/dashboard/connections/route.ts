import { connectionBodySchema } from '@/lib/api/connection-schemas';
import { servingPerson } from '@/lib/server/access';
import { apiRoute } from '@/lib/server/handler';
import { loadConnections } from '@/lib/server/loaders/connections';
import { addNewConnection } from '@/lib/server/actions/connections';
import { parseBody } from '@/lib/server/request';
import { ok } from '@/lib/server/response';

export const dynamic = 'force-dynamic';

/** The upstream connections (the environment's key first), each with a hint of its key and its shop count. */
export const GET = apiRoute({ route: 'GET /api/dashboard/connections', access: 'manage-connections' }, async () =>
  ok(await loadConnections()),
);

/** Adds a connection once its credentials read the shop list; the secret is sealed and never answered. */
export const POST = apiRoute(
  { route: 'POST /api/dashboard/connections', access: 'manage-connections' },
  async (request) =>
    ok(await addNewConnection(servingPerson(), await parseBody(request, connectionBodySchema)), { status: 201 }),
);
