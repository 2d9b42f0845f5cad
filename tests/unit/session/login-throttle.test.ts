import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import {
  createLoginThrottle,
  LOGIN_ATTEMPTS_PER_CLIENT,
  memoryLimiters,
  redisLimiters,
  SLOW_DOWN_AFTER_FAILURES,
  SLOW_DOWN_MAX_MS,
  slowDownMs,
  type LoginThrottle,
} from '@/lib/session/login-throttle';

/** n wrong passwords from `client`, the way signIn counts them: attempt first, then the failure. */
async function failTimes(throttle: LoginThrottle, client: string | null, n: number) {
  let last;
  for (let i = 0; i < n; i += 1) {
    last = await throttle.attempt(client);
    if (last.verdict.allowed) await throttle.recordFailure();
  }
  return last!;
}

describe('login throttle (memory)', () => {
  it('allows 5 attempts per client, then refuses that client for about 15 minutes; a success clears the count', async () => {
    const throttle = createLoginThrottle(memoryLimiters(`t${Math.random()}`));
    expect((await failTimes(throttle, 'a', 4)).verdict).toMatchObject({ allowed: true, remaining: 1 });
    await throttle.recordSuccess('a');
    expect((await throttle.attempt('a')).verdict).toMatchObject({ allowed: true, remaining: 4 });
    const sixth = await failTimes(throttle, 'a', 5);
    expect(sixth.verdict).toMatchObject({ allowed: false });
    expect(sixth.verdict.allowed ? 0 : sixth.verdict.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect((await throttle.attempt('b')).verdict.allowed).toBe(true);
  });

  it('counts before checking: of 20 concurrent attempts from one client exactly 5 get to try a password', async () => {
    const throttle = createLoginThrottle(memoryLimiters(`c${Math.random()}`));
    const results = await Promise.all(Array.from({ length: 20 }, () => throttle.attempt('burst')));
    expect(results.filter((r) => r.verdict.allowed)).toHaveLength(LOGIN_ATTEMPTS_PER_CLIENT);
  });

  it('never locks everyone out: after many failures from many addresses a new client may still try, only slowed down', async () => {
    const throttle = createLoginThrottle(memoryLimiters(`g${Math.random()}`));
    for (let i = 0; i < 300; i += 1) await failTimes(throttle, `attacker-${i % 60}`, 1);
    const real = await throttle.attempt('the-real-user');
    expect(real.verdict).toMatchObject({ allowed: true });
    expect(real.delayMs).toBeGreaterThan(0);
    expect(real.delayMs).toBeLessThanOrEqual(SLOW_DOWN_MAX_MS);
  });

  it('with no known client address there is no bucket to lock, only the slow-down', async () => {
    const throttle = createLoginThrottle(memoryLimiters(`u${Math.random()}`));
    const last = await failTimes(throttle, null, 3 * SLOW_DOWN_AFTER_FAILURES);
    expect(last.verdict.allowed).toBe(true);
    expect((await throttle.attempt(null)).delayMs).toBe(slowDownMs(3 * SLOW_DOWN_AFTER_FAILURES));
  });

  it('slows down in steps, capped', () => {
    expect(slowDownMs(0)).toBe(0);
    expect(slowDownMs(SLOW_DOWN_AFTER_FAILURES - 1)).toBe(0);
    expect(slowDownMs(SLOW_DOWN_AFTER_FAILURES)).toBe(1_000);
    expect(slowDownMs(1_000_000)).toBe(SLOW_DOWN_MAX_MS);
  });
});

describe('login throttle while Redis is down', () => {
  it('keeps counting in memory instead of failing every sign-in', async () => {
    // Nothing listens on port 1: every command fails after one retry.
    const client = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, retryStrategy: () => 20 });
    client.on('error', () => {});
    try {
      const throttle = createLoginThrottle(redisLimiters(client, `down${Math.random()}`));
      expect((await throttle.attempt('c')).verdict).toMatchObject({ allowed: true, remaining: 4 });
      expect((await failTimes(throttle, 'c', 5)).verdict).toMatchObject({ allowed: false });
    } finally {
      client.disconnect();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('login throttle (Redis, shared by two app instances)', () => {
  const clients: Redis[] = [];
  const prefix = `spd:test:login:${process.pid}:${Date.now()}`;
  const make = () => {
    const client = new Redis(redisUrl as string);
    clients.push(client);
    return createLoginThrottle(redisLimiters(client, prefix));
  };
  afterAll(async () => {
    const keys = await clients[0]!.keys(`${prefix}*`);
    if (keys.length > 0) await clients[0]!.del(...keys);
    await Promise.all(clients.map((c) => c.quit()));
  });

  it('counts attempts from both instances against one limit', async () => {
    const one = make();
    const two = make();
    await failTimes(one, '203.0.113.9', 3);
    expect((await two.attempt('203.0.113.9')).verdict).toMatchObject({ allowed: true, remaining: 1 });
    expect((await failTimes(two, '203.0.113.9', 2)).verdict).toMatchObject({ allowed: false });
    expect((await one.attempt('203.0.113.9')).verdict.allowed).toBe(false);
    await one.recordSuccess('203.0.113.9');
    expect((await two.attempt('203.0.113.9')).verdict.allowed).toBe(true);
  });

  it('is atomic across instances: 20 concurrent attempts from one client, split over two instances, let exactly 5 through', async () => {
    const one = make();
    const two = make();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).attempt('198.51.100.7')),
    );
    expect(results.filter((r) => r.verdict.allowed)).toHaveLength(LOGIN_ATTEMPTS_PER_CLIENT);
  });
});
