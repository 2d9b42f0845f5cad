import { connectionTestBodySchema } from '@/lib/api/connection-schemas';
import { apiRoute } from '@/lib/server/handler';
import { testNewConnection } from '@/lib/server/actions/connections';
import { parseBody } from '@/lib/server/request';
import { ok } from '@/lib/server/response';

export const dynamic = 'force-dynamic';

/** "Test connection" before saving: reads the shop list once with these credentials; stores nothing. */
export const POST = apiRoute(
  { route: 'POST /api/dashboard/connections/test', access: 'manage-connections' },
  async (request) => ok(await testNewConnection(await parseBody(request, connectionTestBodySchema))),
);
