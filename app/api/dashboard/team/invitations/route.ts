import { apiRoute } from '@/lib/server/handler';
import { parseBody, publicOrigin } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { invite } from '@/lib/server/actions/team';
import { inviteBodySchema } from '@/lib/team/schemas';
import { servingPerson } from '@/lib/server/access';

export const dynamic = 'force-dynamic';

/** Invites { email, role, seesProfit, shops }: 201 { invitation, path } (the one-time link, shown once). */
export const POST = apiRoute(
  { route: 'POST /api/dashboard/team/invitations', access: 'manage-team' },
  async (request) => {
    const person = servingPerson();
    return ok(await invite(person, await parseBody(request, inviteBodySchema), publicOrigin(request)), { status: 201 });
  },
);
