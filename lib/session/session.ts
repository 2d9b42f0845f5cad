import 'server-only';
import { cookies } from 'next/headers';
import { getIronSession, webCookies } from 'iron-session';
import { DashboardError } from '@/lib/api/server/dashboard-error';
import { isSignedIn, sessionOptions, type SessionData } from './options';
import { readSession } from './read-session';

export { readSession };

// Reading a session never writes a cookie; only sign-in and sign-out do (see startSession/endSession).

/** The session of the current request: from `request` in route handlers, from `cookies()` in server components. */
export async function getSession(request?: Request): Promise<SessionData | null> {
  if (request) return readSession(request);
  const session = await getIronSession<SessionData>(await cookies(), sessionOptions());
  return isSignedIn(session) ? { signedInAt: session.signedInAt } : null;
}

/** Throws a 401 UNAUTHENTICATED DashboardError when the request carries no valid session. */
export async function requireSession(request?: Request): Promise<SessionData> {
  const session = await getSession(request);
  if (!session) throw new DashboardError('UNAUTHENTICATED');
  return session;
}

/** Seals a new session into `headers` (a Set-Cookie for the response). */
export async function startSession(request: Request, headers: Headers): Promise<void> {
  const session = await getIronSession<SessionData>(webCookies(request, headers), sessionOptions());
  session.signedInAt = Date.now();
  await session.save();
}

/** Writes an expired session cookie into `headers`. */
export async function endSession(request: Request, headers: Headers): Promise<void> {
  const session = await getIronSession<SessionData>(webCookies(request, headers), sessionOptions());
  session.destroy();
}
