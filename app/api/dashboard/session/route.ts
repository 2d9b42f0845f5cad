import { z } from 'zod';
import { apiRoute } from '@/lib/api/server/handler';
import { parseBody } from '@/lib/api/server/request';
import { ok } from '@/lib/api/server/response';
import { signIn } from '@/lib/session/sign-in';
import { endSession, getSession } from '@/lib/session/session';

export const dynamic = 'force-dynamic';

const loginBodySchema = z.object({
  password: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(1000, { error: 'is too long' }),
});

/** Sign in: { password } → a sealed session cookie. Throttled per client. */
export const POST = apiRoute({ route: 'POST /api/dashboard/session', auth: false }, async (request) => {
  const { password } = await parseBody(request, loginBodySchema);
  const headers = new Headers();
  await signIn(request, password, headers);
  return ok({ authenticated: true }, { headers });
});

/** Sign out: expires the cookie. Allowed without a session so a stale tab can always sign out. */
export const DELETE = apiRoute({ route: 'DELETE /api/dashboard/session', auth: false }, async (request) => {
  const headers = new Headers();
  await endSession(request, headers);
  return ok({ authenticated: false }, { headers });
});

export const GET = apiRoute({ route: 'GET /api/dashboard/session', auth: false }, async (request) => {
  return ok({ authenticated: (await getSession(request)) !== null });
});
