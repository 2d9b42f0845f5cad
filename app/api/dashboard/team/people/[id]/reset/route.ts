import { apiRoute } from '@/lib/api/server/handler';
import { parseParams, publicOrigin } from '@/lib/api/server/request';
import { ok } from '@/lib/api/server/response';
import { resetLink } from '@/lib/api/server/loaders/team';
import { idParamsSchema } from '@/lib/api/team-schemas';
import { servingPerson } from '@/lib/api/server/access';

export const dynamic = 'force-dynamic';

/** A one-time link for the person to set a new password: 201 { invitation, path }. */
export const POST = apiRoute<{ id: string }>(
  { route: 'POST /api/dashboard/team/people/[id]/reset', access: 'manage-team' },
  async (request, { params }) => {
    const { id } = await parseParams(params, idParamsSchema);
    const person = servingPerson();
    return ok(await resetLink(person, id, publicOrigin(request)), { status: 201 });
  },
);
