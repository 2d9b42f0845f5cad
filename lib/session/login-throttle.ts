import 'server-only';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { serverConfig } from '@/lib/config/env';
import { sharedRedis } from '@/lib/redis';

// Sign-in throttle (README "Sign-in throttle").
// - Per client address, an attempt is counted BEFORE the password is checked (consume, then check),
//   so concurrent guesses cannot all slip past the count: the 6th attempt in 15 minutes is refused,
//   whatever its password, and only that address waits. A correct password clears the count.
// - Across all clients there is no lock-out: one attacker with many addresses must never be able to
//   lock the real user out. Failures from everyone only slow every attempt down (a few seconds at
//   most), which makes mass guessing expensive and costs a person typing one password nothing much.
// - Per account (the email tried), failures slow that account's attempts down the same way, from
//   ACCOUNT_SLOW_DOWN_AFTER failures on: guessing one person's password from many addresses gets
//   slow, and still never locks that person out.
// - With no known client address (see client-address.ts) there is no per-client bucket to lock, so
//   only the slow-down applies.

export const LOGIN_ATTEMPTS_PER_CLIENT = 5;
export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Failures across all clients in the window before every attempt is slowed down. */
export const SLOW_DOWN_AFTER_FAILURES = 50;
export const SLOW_DOWN_STEP_MS = 1_000;
export const SLOW_DOWN_MAX_MS = 5_000;
/** Failures for one account in the window before its attempts are slowed down. */
export const ACCOUNT_SLOW_DOWN_AFTER = 10;
const EVERYONE = '*';

export type ThrottleVerdict =
  /** `remaining` attempts are left after this one; the count resets in `resetSeconds`. */
  { allowed: true; remaining: number; resetSeconds: number } | { allowed: false; retryAfterSeconds: number };

export interface LoginAttempt {
  /** Per-client verdict of this attempt (counted already). Not allowed → refuse without checking. */
  verdict: ThrottleVerdict;
  /** How long to hold this attempt before checking its password (the all-clients slow-down). */
  delayMs: number;
}

export interface LoginThrottle {
  /** Counts an attempt of `client` (null: address unknown) for `account` and says whether it may be checked. */
  attempt(client: string | null, account?: string): Promise<LoginAttempt>;
  /** A wrong password: feeds the all-clients and the account's slow-down. */
  recordFailure(account?: string): Promise<void>;
  /** A right password: forgets the client's count. */
  recordSuccess(client: string | null): Promise<void>;
}

type LimiterFactory = (name: string, points: number) => RateLimiterAbstract;

function secondsUntil(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/** The slow-down for a number of failures across all clients in the window. */
export function slowDownMs(failures: number): number {
  if (failures < SLOW_DOWN_AFTER_FAILURES) return 0;
  const steps = Math.floor(failures / SLOW_DOWN_AFTER_FAILURES);
  return Math.min(SLOW_DOWN_MAX_MS, steps * SLOW_DOWN_STEP_MS);
}

export function createLoginThrottle(makeLimiter: LimiterFactory): LoginThrottle {
  const perClient = makeLimiter('client', LOGIN_ATTEMPTS_PER_CLIENT);
  // Counts only; its limit is never enforced (penalty() adds points without refusing).
  const everyone = makeLimiter('everyone', Number.MAX_SAFE_INTEGER);
  const perAccount = makeLimiter('account', Number.MAX_SAFE_INTEGER);
  const accountKey = (account: string) => account.trim().toLowerCase().slice(0, 320);

  async function delay(account: string | undefined): Promise<number> {
    const res = await everyone.get(EVERYONE);
    const all = slowDownMs(res?.consumedPoints ?? 0);
    if (!account) return all;
    const mine = await perAccount.get(accountKey(account));
    const failures = mine?.consumedPoints ?? 0;
    const own =
      failures < ACCOUNT_SLOW_DOWN_AFTER
        ? 0
        : Math.min(SLOW_DOWN_MAX_MS, (failures - ACCOUNT_SLOW_DOWN_AFTER + 1) * SLOW_DOWN_STEP_MS);
    return Math.max(all, own);
  }

  return {
    async attempt(client, account) {
      const delayMs = await delay(account);
      if (client === null)
        return {
          verdict: { allowed: true, remaining: LOGIN_ATTEMPTS_PER_CLIENT, resetSeconds: LOGIN_WINDOW_SECONDS },
          delayMs,
        };
      try {
        const res = await perClient.consume(client, 1);
        return { verdict: { allowed: true, remaining: res.remainingPoints, resetSeconds: secondsUntil(res) }, delayMs };
      } catch (rejection) {
        // consume() rejects with a RateLimiterRes when the client is over its limit; anything else
        // is a store failure the insurance limiter could not absorb.
        if (rejection instanceof RateLimiterRes)
          return { verdict: { allowed: false, retryAfterSeconds: secondsUntil(rejection) }, delayMs };
        throw rejection;
      }
    },
    async recordFailure(account) {
      await everyone.penalty(EVERYONE, 1);
      if (account) await perAccount.penalty(accountKey(account), 1);
    },
    async recordSuccess(client) {
      if (client !== null) await perClient.delete(client);
    },
  };
}

export function memoryLimiters(prefix = 'login'): LimiterFactory {
  return (name, points) =>
    new RateLimiterMemory({ keyPrefix: `${prefix}:${name}`, points, duration: LOGIN_WINDOW_SECONDS });
}

/**
 * Shared across app instances; falls back to per-process counting while Redis is unreachable (a
 * command fails after one retry, see lib/redis, and the insurance limiter counts instead).
 */
export function redisLimiters(client: Redis, prefix = 'spd:login'): LimiterFactory {
  const fallback = memoryLimiters(`${prefix}:fallback`);
  return (name, points) =>
    new RateLimiterRedis({
      storeClient: client,
      keyPrefix: `${prefix}:${name}`,
      points,
      duration: LOGIN_WINDOW_SECONDS,
      insuranceLimiter: fallback(name, points),
    });
}

const globalKey = Symbol.for('spd.loginThrottle');
type Holder = { [globalKey]?: LoginThrottle };

/** The process's throttle: Redis-backed when REDIS_URL is set, in memory otherwise. */
export function loginThrottle(): LoginThrottle {
  const holder = globalThis as Holder;
  if (!holder[globalKey]) {
    const { redisUrl } = serverConfig();
    const factory = redisUrl ? redisLimiters(sharedRedis(redisUrl)) : memoryLimiters();
    holder[globalKey] = createLoginThrottle(factory);
  }
  return holder[globalKey];
}

/** For tests: forget every count (the next call builds a fresh throttle). */
export function resetLoginThrottleForTests(): void {
  delete (globalThis as Holder)[globalKey];
}
