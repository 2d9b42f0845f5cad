import { connectionChangeBodySchema, connectionParamsSchema } from '@/lib/api/connection-schemas';
import { servingPerson } from '@/lib/server/access';
import { apiRoute } from '@/lib/server/handler';
import { changeConnection, deleteConnection } from '@/lib/server/actions/connections';
import { parseBody, parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';

export const dynamic = 'force-dynamic';

/** Renames a connection, or changes its address, key or secret (tested before it is stored). */
export const PATCH = apiRoute<{ id: string }>(
  { route: 'PATCH /api/dashboard/connections/[id]', access: 'manage-connections' },
  async (request, { params }) => {
    const { id } = await parseParams(params, connectionParamsSchema);
    return ok(await changeConnection(servingPerson(), id, await parseBody(request, connectionChangeBodySchema)));
  },
);

/** Removes a connection: its shops leave the list at once; what the store holds of them stays. */
export const DELETE = apiRoute<{ id: string }>(
  { route: 'DELETE /api/dashboard/connections/[id]', access: 'manage-connections' },
  async (_request, { params }) => {
    const { id } = await parseParams(params, connectionParamsSchema);
    return ok(await deleteConnection(servingPerson(), id));
  },
);
