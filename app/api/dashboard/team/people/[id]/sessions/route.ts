import { apiRoute } from '@/lib/api/server/handler';
import { parseParams } from '@/lib/api/server/request';
import { ok } from '@/lib/api/server/response';
import { endSessionsOf } from '@/lib/api/server/loaders/team';
import { idParamsSchema } from '@/lib/api/team-schemas';
import { servingPerson } from '@/lib/api/server/access';

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
