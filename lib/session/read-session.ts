import 'server-only';
import { unsealData } from 'iron-session';
import { CACHE_LIMITS, ENTRY_BYTES } from '@/lib/config/cache-limits';
import { boundedCache } from '@/lib/config/caches';
import { isSignedIn, SESSION_COOKIE, SESSION_TTL_SECONDS, sessionOptions, type SessionData } from './options';
import { sessionStore } from './session-store';

// Reading the session cookie of a Request, with no Next.js import: the proxy uses this alone.

export function cookieValue(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

// Unsealing costs ~0.8 ms of WebCrypto per request. A seal that unsealed is remembered for a
// minute (never past its own expiry); whether its session is still signed in is asked of the
// session store every time, so a sign-out takes effect at once.
// Read by Date.now, the clock signedInAt is written with.
const remembered = boundedCache<string, SessionData>('unsealedSessions', {
  size: (_, seal) => ENTRY_BYTES.session + seal.length,
  now: () => Date.now(),
});

function remember(seal: string, data: SessionData, now: number) {
  const untilExpiry = data.signedInAt + SESSION_TTL_SECONDS * 1000 - now;
  if (untilExpiry <= 0) return;
  remembered.set(seal, data, { ttl: Math.min(CACHE_LIMITS.unsealedSessions.ttlMs, untilExpiry), start: now });
}

/** The cookie's data when its seal is valid (not expired, not tampered, our secret); revocation is not checked. */
export async function unsealSession(request: Request): Promise<SessionData | null> {
  return unsealCookie(cookieValue(request, SESSION_COOKIE));
}

/** unsealSession of the session cookie's value (a page reads it from Next's cookies()). */
export async function unsealCookie(seal: string | undefined): Promise<SessionData | null> {
  if (!seal) return null;
  const now = Date.now();
  const hit = remembered.get(seal);
  if (hit) return hit;
  const { password, ttl } = sessionOptions();
  try {
    const data = await unsealData<Partial<SessionData>>(seal, { password, ttl });
    if (!isSignedIn(data)) return null;
    const session = { signedInAt: data.signedInAt, sid: data.sid, personId: data.personId };
    remember(seal, session, now);
    return session;
  } catch {
    return null;
  }
}

/** The signed-in session of a request: a valid seal whose session has not been signed out. */
export async function readSession(request: Request): Promise<SessionData | null> {
  const data = await unsealSession(request);
  if (!data) return null;
  return (await sessionStore().has(data.sid)) ? data : null;
}
