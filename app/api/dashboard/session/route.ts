import { implement } from '@/lib/server/endpoint';
import { PEOPLE_ENDPOINTS } from '@/lib/endpoints/people';
import { personView } from '@/lib/server/loaders/team';
import { signIn } from '@/lib/session/sign-in';
import { endSession, getSession } from '@/lib/session/session';

export const dynamic = 'force-dynamic';

/** Sign in: { email, password } → a sealed session cookie. Throttled per client address and per account. */
export const POST = implement(PEOPLE_ENDPOINTS['POST session'], async ({ body }, { request, headers }) => {
  const credentials = body;
  await signIn(request, credentials, headers);
  return { authenticated: true };
});

/** Sign out: expires the cookie. Allowed without a session so a stale tab can always sign out. */
export const DELETE = implement(PEOPLE_ENDPOINTS['DELETE session'], async (_inputs, { request, headers }) => {
  await endSession(request, headers);
  return { authenticated: false };
});

/** Whether the request is signed in, and as whom. */
export const GET = implement(PEOPLE_ENDPOINTS['GET session'], async (_inputs, { request }) => {
  const session = await getSession(request);
  return session ? { authenticated: true, person: personView(session.person) } : { authenticated: false };
});
