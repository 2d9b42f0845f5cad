import { apiRoute } from '@/lib/server/handler';
import { parseParams, publicOrigin } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { resendLink, revokeLink } from '@/lib/server/actions/team';
import { idParamsSchema } from '@/lib/team/schemas';
import { servingPerson } from '@/lib/server/access';

export const dynamic = 'force-dynamic';

/** Resends: a new link (the old one stops working), valid 7 days again. */
export const POST = apiRoute<{ id: string }>(
  { route: 'POST /api/dashboard/team/invitations/[id]', access: 'manage-team' },
  async (request, { params }) => {
    const { id } = await parseParams(params, idParamsSchema);
    const person = servingPerson();
    return ok(await resendLink(person, id, publicOrigin(request)));
  },
);

/** Revokes a pending invitation or reset link. */
export const DELETE = apiRoute<{ id: string }>(
  { route: 'DELETE /api/dashboard/team/invitations/[id]', access: 'manage-team' },
  async (request, { params }) => {
    const { id } = await parseParams(params, idParamsSchema);
    const person = servingPerson();
    return ok(await revokeLink(person, id));
  },
);
