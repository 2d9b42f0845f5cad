import 'server-only';
import type { SessionOptions } from 'iron-session';
import { serverConfig, type ServerConfig } from '@/lib/config/env';

export const SESSION_COOKIE = 'spd_session';
/** A signed-in browser stays signed in for a working week; then the seal expires. */
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

/** What the sealed cookie holds: who signed in, when the password was accepted and which sign-in it is. */
export interface SessionData {
  signedInAt: number;
  /** Listed in the session store while signed in (session-store.ts); sign-out removes it. */
  sid: string;
  /** The person (lib/team): read from the store on every request, so a role change applies at once. */
  personId: string;
}

export function sessionOptions(config: ServerConfig = serverConfig()): SessionOptions {
  return {
    cookieName: SESSION_COOKIE,
    password: config.sessionSecret,
    ttl: SESSION_TTL_SECONDS,
    cookieOptions: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      path: '/',
    },
  };
}

export function isSignedIn(data: Partial<SessionData> | null | undefined): data is SessionData {
  return (
    typeof data?.signedInAt === 'number' &&
    Number.isFinite(data.signedInAt) &&
    typeof data.sid === 'string' &&
    data.sid.length > 0 &&
    typeof data.personId === 'string' &&
    data.personId.length > 0
  );
}
