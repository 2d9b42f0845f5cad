import { apiRoute } from '@/lib/server/handler';
import { parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { endSessionsOf } from '@/lib/server/actions/team';
import { idParamsSchema } from '@/lib/team/schemas';
import { servingPerson } from '@/lib/server/access';

export const dynamic = 'force-dynamic';

/** Ends every session of another person (they sign in again). */
export const DELETE = apiRoute<{ id: string }>(
  { route: 'DELETE /api/dashboard/team/people/[id]/sessions', access: 'manage-team' },
  async (request, { params }) => {
    const { id } = await parseParams(params, idParamsSchema);
    const person = servingPerson();
    return ok(await endSessionsOf(person, id));
  },
);
