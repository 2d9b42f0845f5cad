import { connectionParamsSchema } from '@/lib/api/connection-schemas';
import { apiRoute } from '@/lib/server/handler';
import { testStoredConnection } from '@/lib/server/actions/connections';
import { parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';

export const dynamic = 'force-dynamic';

/** "Test connection" of a stored connection: one read of its shop list, on its own key's budget. */
export const POST = apiRoute<{ id: string }>(
  { route: 'POST /api/dashboard/connections/[id]/test', access: 'manage-connections' },
  async (_request, { params }) => {
    const { id } = await parseParams(params, connectionParamsSchema);
    return ok(await testStoredConnection(id));
  },
);
