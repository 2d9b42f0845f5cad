import { apiRoute } from '@/lib/server/handler';
import { parseBody } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { signInBodySchema } from '@/lib/team/schemas';
import { personView } from '@/lib/server/loaders/team';
import { signIn } from '@/lib/session/sign-in';
import { endSession, getSession } from '@/lib/session/session';

export const dynamic = 'force-dynamic';

/** Sign in: { email, password } → a sealed session cookie. Throttled per client address and per account. */
export const POST = apiRoute({ route: 'POST /api/dashboard/session', access: 'public' }, async (request) => {
  const credentials = await parseBody(request, signInBodySchema);
  const headers = new Headers();
  await signIn(request, credentials, headers);
  return ok({ authenticated: true }, { headers });
});

/** Sign out: expires the cookie. Allowed without a session so a stale tab can always sign out. */
export const DELETE = apiRoute({ route: 'DELETE /api/dashboard/session', access: 'public' }, async (request) => {
  const headers = new Headers();
  await endSession(request, headers);
  return ok({ authenticated: false }, { headers });
});

/** Whether the request is signed in, and as whom. */
export const GET = apiRoute({ route: 'GET /api/dashboard/session', access: 'public' }, async (request) => {
  const session = await getSession(request);
  return ok(session ? { authenticated: true, person: personView(session.person) } : { authenticated: false });
});
