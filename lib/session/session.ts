import 'server-only';
import { cookies } from 'next/headers';
import { getIronSession, webCookies } from 'iron-session';
import { cache } from 'react';
import { DashboardError } from '@/lib/api/dashboard-error';
import { getOrderStore } from '@/lib/store';
import { getPerson, type Person } from '@/lib/team/people';
import { SESSION_COOKIE, SESSION_TTL_SECONDS, sessionOptions, type SessionData } from './options';
import { readSession, unsealCookie, unsealSession } from './read-session';
import { newSessionId, sessionStore } from './session-store';

export { readSession };

// Reading a session never writes a cookie; only sign-in and sign-out do (see startSession/endSession).

/** A signed-in request: its session and the person as the store has them now. */
export interface SignedIn extends SessionData {
  person: Person;
}

/**
 * The person of a session, read from the store on every request: a person removed, or whose
 * sessions were ended (sign out everywhere, a role change, a password reset) after this session
 * began, is signed out at once.
 */
async function withPerson(session: SessionData | null): Promise<SignedIn | null> {
  if (!session) return null;
  const person = await getPerson((await getOrderStore()).db, session.personId);
  if (!person || session.signedInAt < person.sessionsFrom) return null;
  return { ...session, person };
}

// A page's session is read as a route's is: the seal unsealed once a minute (unsealCookie keeps
// it), whether it is signed in and who it names asked of the stores on every request.
const pageSession = cache(async (): Promise<SignedIn | null> => {
  const session = await unsealCookie((await cookies()).get(SESSION_COOKIE)?.value);
  if (!session) return null;
  if (!(await sessionStore().has(session.sid))) return null;
  return withPerson(session);
});

/** The session of the current request: from `request` in route handlers, from `cookies()` in server components. */
export async function getSession(request?: Request): Promise<SignedIn | null> {
  if (request) return withPerson(await readSession(request));
  return pageSession();
}

/** Throws a 401 UNAUTHENTICATED DashboardError when the request carries no valid session. */
export async function requireSession(request?: Request): Promise<SignedIn> {
  const session = await getSession(request);
  if (!session) throw new DashboardError('UNAUTHENTICATED');
  return session;
}

/** Seals a new session of `personId` into `headers` (a Set-Cookie for the response) and lists it as signed in. */
export async function startSession(request: Request, headers: Headers, personId: string): Promise<void> {
  const sid = newSessionId();
  await sessionStore().add(sid, SESSION_TTL_SECONDS);
  const session = await getIronSession<SessionData>(webCookies(request, headers), sessionOptions());
  session.signedInAt = Date.now();
  session.sid = sid;
  session.personId = personId;
  await session.save();
}

/** Ends the request's session everywhere (every copy of its cookie) and writes an expired cookie into `headers`. */
export async function endSession(request: Request, headers: Headers): Promise<void> {
  const data = await unsealSession(request);
  if (data) await sessionStore().remove(data.sid);
  const session = await getIronSession<SessionData>(webCookies(request, headers), sessionOptions());
  session.destroy();
}
