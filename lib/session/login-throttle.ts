import 'server-only';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible';
import { serverConfig } from '@/lib/config/env';

// Failed sign-ins are counted per client address and, as a backstop against a client that forges
// its address, across all clients. A successful sign-in clears that client's count.

export const LOGIN_ATTEMPTS_PER_CLIENT = 5;
/** Generous enough that one person's typos never trip it; still caps guessing at a few hundred an hour. */
export const LOGIN_ATTEMPTS_GLOBAL = 100;
export const LOGIN_WINDOW_SECONDS = 15 * 60;
const GLOBAL_KEY = '*';

export type ThrottleVerdict = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

export interface LoginThrottle {
  /** Whether another attempt from `ip` may be checked now. */
  check(ip: string): Promise<ThrottleVerdict>;
  /** Counts a wrong password; the verdict says whether the next attempt will be allowed. */
  recordFailure(ip: string): Promise<ThrottleVerdict>;
  recordSuccess(ip: string): Promise<void>;
}

type LimiterFactory = (name: string, points: number) => RateLimiterAbstract;

function retryAfter(res: RateLimiterRes | null): number {
  return Math.max(1, Math.ceil((res?.msBeforeNext ?? LOGIN_WINDOW_SECONDS * 1000) / 1000));
}

export function createLoginThrottle(makeLimiter: LimiterFactory): LoginThrottle {
  const perClient = makeLimiter('client', LOGIN_ATTEMPTS_PER_CLIENT);
  const global = makeLimiter('global', LOGIN_ATTEMPTS_GLOBAL);

  async function verdict(ip: string): Promise<ThrottleVerdict> {
    const [client, all] = await Promise.all([perClient.get(ip), global.get(GLOBAL_KEY)]);
    const clientUsed = client?.consumedPoints ?? 0;
    const globalUsed = all?.consumedPoints ?? 0;
    if (clientUsed >= LOGIN_ATTEMPTS_PER_CLIENT) return { allowed: false, retryAfterSeconds: retryAfter(client) };
    if (globalUsed >= LOGIN_ATTEMPTS_GLOBAL) return { allowed: false, retryAfterSeconds: retryAfter(all) };
    return {
      allowed: true,
      remaining: Math.min(LOGIN_ATTEMPTS_PER_CLIENT - clientUsed, LOGIN_ATTEMPTS_GLOBAL - globalUsed),
    };
  }

  // penalty() adds points without rejecting, so a count past the limit is still recorded.
  return {
    check: verdict,
    async recordFailure(ip) {
      await Promise.all([perClient.penalty(ip, 1), global.penalty(GLOBAL_KEY, 1)]);
      return verdict(ip);
    },
    async recordSuccess(ip) {
      await perClient.delete(ip);
    },
  };
}

export function memoryLimiters(prefix = 'login'): LimiterFactory {
  return (name, points) =>
    new RateLimiterMemory({ keyPrefix: `${prefix}:${name}`, points, duration: LOGIN_WINDOW_SECONDS });
}

/** Shared across app instances; falls back to per-process counting while Redis is unreachable. */
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

function connectRedis(url: string): Redis {
  // Commands wait for the connection (so a fresh instance shares the count at once); during an
  // outage each fails after one retry and the in-memory insurance limiter counts instead.
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  let warned = false;
  // The URL may carry a password: log only the error's code, once.
  client.on('error', (error: NodeJS.ErrnoException) => {
    if (warned) return;
    warned = true;
    console.warn(`Login throttle: Redis unavailable (${error.code ?? error.name}); counting in memory meanwhile.`);
  });
  client.on('ready', () => {
    warned = false;
  });
  return client;
}

const globalKey = Symbol.for('spd.loginThrottle');
type Holder = { [globalKey]?: LoginThrottle };

/** The process's throttle: Redis-backed when REDIS_URL is set, in memory otherwise. */
export function loginThrottle(): LoginThrottle {
  const holder = globalThis as Holder;
  if (!holder[globalKey]) {
    const { redisUrl } = serverConfig();
    const factory = redisUrl ? redisLimiters(connectRedis(redisUrl)) : memoryLimiters();
    holder[globalKey] = createLoginThrottle(factory);
  }
  return holder[globalKey];
}
