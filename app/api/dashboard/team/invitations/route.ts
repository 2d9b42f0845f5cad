import { apiRoute } from '@/lib/api/server/handler';
import { parseBody, publicOrigin } from '@/lib/api/server/request';
import { ok } from '@/lib/api/server/response';
import { invite } from '@/lib/api/server/loaders/team';
import { inviteBodySchema } from '@/lib/api/team-schemas';
import { servingPerson } from '@/lib/api/server/access';

export const dynamic = 'force-dynamic';

/** Invites { email, role, fullFigures, shops }: 201 { invitation, path } (the one-time link, shown once). */
export const POST = apiRoute(
  { route: 'POST /api/dashboard/team/invitations', access: 'manage-team' },
  async (request) => {
    const person = servingPerson();
    return ok(await invite(person, await parseBody(request, inviteBodySchema), publicOrigin(request)), { status: 201 });
  },
);
