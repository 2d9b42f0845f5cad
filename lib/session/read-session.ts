import 'server-only';
import { unsealData } from 'iron-session';
import { isSignedIn, SESSION_COOKIE, SESSION_TTL_SECONDS, sessionOptions, type SessionData } from './options';

// Reading the session cookie of a Request, with no Next.js import: the proxy uses this alone.

function cookieValue(request: Request, name: string): string | undefined {
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
// minute (never past its own expiry): a stateless seal cannot be revoked early anyway, so this
// changes nothing about who is signed in, and only valid seals are kept.
const REMEMBER_MS = 60_000;
const MAX_REMEMBERED = 1_000;
const remembered = new Map<string, { data: SessionData; until: number }>();

function remember(seal: string, data: SessionData, now: number) {
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  const expires = data.signedInAt + SESSION_TTL_SECONDS * 1000;
  remembered.set(seal, { data, until: Math.min(now + REMEMBER_MS, expires) });
}

/** Unseals the session cookie of a request; null when absent, expired, tampered or sealed with another secret. */
export async function readSession(request: Request): Promise<SessionData | null> {
  const seal = cookieValue(request, SESSION_COOKIE);
  if (!seal) return null;
  const now = Date.now();
  const hit = remembered.get(seal);
  if (hit && hit.until > now) return hit.data;
  const { password, ttl } = sessionOptions();
  try {
    const data = await unsealData<Partial<SessionData>>(seal, { password, ttl });
    if (!isSignedIn(data)) return null;
    const session = { signedInAt: data.signedInAt };
    remember(seal, session, now);
    return session;
  } catch {
    return null;
  }
}
