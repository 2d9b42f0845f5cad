import 'server-only';
import { redirect } from 'next/navigation';
import { loginPath } from '@/lib/session/next-path';
import { getSession, type SignedIn } from '@/lib/session/session';
import { isStoreFailure } from './error-guards';

// Kept apart from session.ts so route handlers never load next/navigation.

/**
 * For server components: the session, or a redirect to the sign-in page that comes back to `path`.
 * A session store that cannot be read (its Redis or database is down) is an answer of its own,
 * 'store-down', so the page keeps its frame and says so in the dashboard's own words instead of
 * failing as a framework error page.
 */
export async function pageSessionOrStoreDown(path = '/'): Promise<SignedIn | 'store-down'> {
  let session: SignedIn | null;
  try {
    session = await getSession();
  } catch (error) {
    if (isStoreFailure(error)) return 'store-down';
    throw error;
  }
  if (!session) redirect(loginPath(path));
  return session;
}

/**
 * For the pages Next renders in place of another (not found, forbidden): the signed-in person, or
 * null when there is none or the session store cannot be read, so such a page never redirects or
 * fails in turn.
 */
export async function pageSessionIfAny(): Promise<SignedIn | null> {
  try {
    return await getSession();
  } catch (error) {
    if (isStoreFailure(error)) return null;
    throw error;
  }
}
