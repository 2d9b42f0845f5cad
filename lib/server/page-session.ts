import 'server-only';
import { headers } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';
import { PATHNAME_HEADER } from '@/lib/session/gate';
import { loginPath } from '@/lib/session/next-path';
import { allows } from '@/lib/team/roles';
import { pagePermission } from '@/lib/team/pages';
import { getSession, type SignedIn } from '@/lib/session/session';
import { runAs } from '@/lib/session/current';
import { resolveLocale, type Locale } from '@/lib/format/locale';
import type { Person } from '@/lib/team/people';
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
 * The dashboard's gate for a page's server work: the session (or the sign-in page, coming back to
 * this page), then the page's permission (or a real 403). The dashboard layout runs it before
 * anything streams, and so does every page that loads data into its first HTML: when the browser
 * moves between pages, Next renders only the new page, not the layout above it, so a person removed
 * or re-roled since the last full load would otherwise be served that page's data.
 */
export async function pageGate(): Promise<SignedIn | 'store-down'> {
  const path = (await headers()).get(PATHNAME_HEADER) ?? '/';
  const session = await pageSessionOrStoreDown(path);
  if (session !== 'store-down' && !allows(session.person, pagePermission(path))) forbidden();
  return session;
}

/**
 * `work` behind the gate, run as the person it let in (as the API's route wrapper runs a handler):
 * a page's own loads. 'store-down' when the session store cannot be read.
 */
export async function asGatedPerson<T>(work: () => Promise<T>): Promise<T | 'store-down'> {
  const session = await pageGate();
  if (session === 'store-down') return session;
  return runAs(session.person, work);
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

/** The locale a page is written in for `person` (docs/ARCHITECTURE.md#the-persons-locale): their choice, else their browser's. */
export async function pageLocale(person: Person): Promise<Locale> {
  return resolveLocale(person.locale, (await headers()).get('accept-language'));
}
