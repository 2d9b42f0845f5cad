import 'server-only';
import { cookies } from 'next/headers';
import { getIronSession, webCookies } from 'iron-session';
import { DashboardError } from '@/lib/api/server/dashboard-error';
import { isSignedIn, SESSION_TTL_SECONDS, sessionOptions, type SessionData } from './options';
import { readSession, unsealSession } from './read-session';
import { newSessionId, sessionStore } from './session-store';

export { readSession };

// Reading a session never writes a cookie; only sign-in and sign-out do (see startSession/endSession).

/** The session of the current request: from `request` in route handlers, from `cookies()` in server components. */
export async function getSession(request?: Request): Promise<SessionData | null> {
  if (request) return readSession(request);
  const session = await getIronSession<SessionData>(await cookies(), sessionOptions());
  if (!isSignedIn(session)) return null;
  return (await sessionStore().has(session.sid)) ? { signedInAt: session.signedInAt, sid: session.sid } : null;
}

/** Throws a 401 UNAUTHENTICATED DashboardError when the request carries no valid session. */
export async function requireSession(request?: Request): Promise<SessionData> {
  const session = await getSession(request);
  if (!session) throw new DashboardError('UNAUTHENTICATED');
  return session;
}

/** Seals a new session into `headers` (a Set-Cookie for the response) and lists it as signed in. */
export async function startSession(request: Request, headers: Headers): Promise<void> {
  const sid = newSessionId();
  await sessionStore().add(sid, SESSION_TTL_SECONDS);
  const session = await getIronSession<SessionData>(webCookies(request, headers), sessionOptions());
  session.signedInAt = Date.now();
  session.sid = sid;
  await session.save();
}

/** Ends the request's session everywhere (every copy of its cookie) and writes an expired cookie into `headers`. */
export async function endSession(request: Request, headers: Headers): Promise<void> {
  const data = await unsealSession(request);
  if (data) await sessionStore().remove(data.sid);
  const session = await getIronSession<SessionData>(webCookies(request, headers), sessionOptions());
  session.destroy();
}
