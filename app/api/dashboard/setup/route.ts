import { apiRoute } from '@/lib/server/handler';
import { parseBody } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { setUpOwner } from '@/lib/server/actions/account';
import { setupBodySchema } from '@/lib/team/schemas';
import { startSession } from '@/lib/session/session';

export const dynamic = 'force-dynamic';

/**
 * The first owner ({ email, name, password, token }), only while the dashboard has nobody (409
 * afterwards) and with the set-up token the server printed at start (403 WRONG_SETUP_TOKEN without it).
 */
export const POST = apiRoute({ route: 'POST /api/dashboard/setup', access: 'public' }, async (request) => {
  const personId = await setUpOwner(await parseBody(request, setupBodySchema));
  const headers = new Headers();
  await startSession(request, headers, personId);
  return ok({ authenticated: true }, { status: 201, headers });
});
