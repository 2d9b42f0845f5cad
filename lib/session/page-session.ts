import 'server-only';
import { redirect } from 'next/navigation';
import { loginPath } from './next-path';
import type { SessionData } from './options';
import { getSession } from './session';

// Kept apart from session.ts so route handlers never load next/navigation.

/** For server components: the session, or a redirect to the sign-in page that comes back to `path`. */
export async function requirePageSession(path = '/'): Promise<SessionData> {
  const session = await getSession();
  if (!session) redirect(loginPath(path));
  return session;
}
