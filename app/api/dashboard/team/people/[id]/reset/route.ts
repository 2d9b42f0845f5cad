import { apiRoute } from '@/lib/server/handler';
import { parseParams, publicOrigin } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { resetLink } from '@/lib/server/actions/team';
import { idParamsSchema } from '@/lib/team/schemas';
import { servingPerson } from '@/lib/server/access';

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
