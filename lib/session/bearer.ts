import 'server-only';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { DashboardError } from '@/lib/api/dashboard-error';
import { serverConfig } from '@/lib/config/env';
import { sharedRedis } from '@/lib/redis';
import { getOrderStore } from '@/lib/store';
import { requestToken } from './gate';
import { getPerson, type Person } from '@/lib/team/people';
import {
  findAccessToken,
  hashAccessToken,
  isTokenLive,
  narrowToToken,
  noteRefusedUse,
  noteTokenUse,
  type AccessToken,
  type TokenKind,
} from '@/lib/team/tokens';

// A request that carries an access token instead of a session (docs/ARCHITECTURE.md#access-tokens-and-live-links):
// `Authorization: Bearer spd_pat_…` (a personal token) or a live link's `?access_token=spd_live_…`.
// Every token that cannot be used — wrong, revoked, expired, of a person removed — gets the same
// 401 after the same work (one read of the token by its hash, one read of its person), so neither
// the answer nor its time tells a guess which it was. A use refused of a token that exists is put
// in the Team history after the answer is decided, without holding it.

/** Requests one token may make in a minute (each person's scripts and spreadsheets have their own). */
export const TOKEN_REQUESTS_PER_MINUTE = 120;

type LimiterFactory = () => RateLimiterAbstract;
const memoryLimiter: LimiterFactory = () =>
  new RateLimiterMemory({ keyPrefix: 'token', points: TOKEN_REQUESTS_PER_MINUTE, duration: 60 });

const throttleKey = Symbol.for('spd.tokenThrottle');
type Holder = { [throttleKey]?: RateLimiterAbstract };

function tokenThrottle(): RateLimiterAbstract {
  const holder = globalThis as Holder;
  if (!holder[throttleKey]) {
    const { redisUrl } = serverConfig();
    holder[throttleKey] = redisUrl
      ? new RateLimiterRedis({
          storeClient: sharedRedis(redisUrl),
          keyPrefix: 'spd:token',
          points: TOKEN_REQUESTS_PER_MINUTE,
          duration: 60,
          insuranceLimiter: memoryLimiter(),
        })
      : memoryLimiter();
  }
  return holder[throttleKey];
}

/** For tests: forget every count. */
export function resetTokenThrottleForTests(): void {
  delete (globalThis as Holder)[throttleKey];
}

async function throttle(token: AccessToken): Promise<void> {
  try {
    await tokenThrottle().consume(token.id);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes)
      throw new DashboardError('TOO_MANY_REQUESTS', undefined, {
        retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
      });
    throw rejection;
  }
}

function refusalReason(token: AccessToken, person: Person | null, kind: TokenKind, now: number): string {
  if (token.kind !== kind) return kind === 'live' ? 'used as a live link' : 'a live link used as a token';
  if (token.revokedAt !== null) return 'revoked';
  if (token.expiresAt !== null && token.expiresAt <= now) return 'expired';
  if (!person) return 'its person was removed';
  return 'refused';
}

/**
 * The token `text` of `kind` as a person: its person as the store has them now, narrowed to the
 * token's shops, with the token. Throws the one 401 INVALID_TOKEN for every token that cannot be
 * used, and 429 TOO_MANY_REQUESTS past the token's throttle.
 */
export async function verifyToken(text: string, kind: TokenKind): Promise<{ person: Person; token: AccessToken }> {
  const db = (await getOrderStore()).db;
  const now = Date.now();
  // The same two reads on every path: a wrong token reads no row and then no person.
  const token = await findAccessToken(db, hashAccessToken(text));
  const person = await getPerson(db, token?.personId ?? '');
  if (!token || !person || token.kind !== kind || !isTokenLive(token, now)) {
    if (token) noteRefusedUse(db, token, person?.name ?? null, refusalReason(token, person, kind, now));
    throw new DashboardError('INVALID_TOKEN');
  }
  await throttle(token);
  noteTokenUse(db, token, now);
  return { person: narrowToToken(person, token), token };
}

/**
 * The person a request's personal access token (`Authorization: Bearer spd_pat_…`) serves: their
 * access as the store has it now, narrowed to the token's shops; read-only is the caller's to
 * enforce (the route wrapper refuses every write). Throws 401 INVALID_TOKEN (the same body for a
 * missing, wrong, revoked or expired token or a removed person) or 429 TOO_MANY_REQUESTS.
 */
export async function requireTokenPerson(request: Request): Promise<Person> {
  const header = request.headers.get('authorization');
  return (await verifyToken(header === null ? '' : (requestToken(request) ?? ''), 'personal')).person;
}
