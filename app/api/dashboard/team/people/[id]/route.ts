import { apiRoute } from '@/lib/server/handler';
import { parseBody, parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { changePerson, removePerson } from '@/lib/server/actions/team';
import { idParamsSchema, personChangeBodySchema } from '@/lib/team/schemas';
import { servingPerson } from '@/lib/server/access';

export const dynamic = 'force-dynamic';

/** Changes a person's role, "can see costs and profit" or shops; applies on their next request. */
export const PATCH = apiRoute<{ id: string }>(
  { route: 'PATCH /api/dashboard/team/people/[id]', access: 'manage-team' },
  async (request, { params }) => {
    const { id } = await parseParams(params, idParamsSchema);
    const person = servingPerson();
    return ok(await changePerson(person, id, await parseBody(request, personChangeBodySchema)));
  },
);

/** Removes a person: their next request lands on the sign-in page. */
export const DELETE = apiRoute<{ id: string }>(
  { route: 'DELETE /api/dashboard/team/people/[id]', access: 'manage-team' },
  async (request, { params }) => {
    const { id } = await parseParams(params, idParamsSchema);
    const person = servingPerson();
    return ok(await removePerson(person, id));
  },
);
