import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createLoginThrottle, LOGIN_ATTEMPTS_GLOBAL, memoryLimiters, redisLimiters } from '@/lib/session/login-throttle';

async function failTimes(throttle: ReturnType<typeof createLoginThrottle>, ip: string, n: number) {
  let last;
  for (let i = 0; i < n; i += 1) last = await throttle.recordFailure(ip);
  return last;
}

describe('login throttle (memory)', () => {
  it('allows 5 failures per client, then blocks it for about 15 minutes; a success clears the count', async () => {
    const throttle = createLoginThrottle(memoryLimiters(`t${Math.random()}`));
    expect(await throttle.check('a')).toEqual({ allowed: true, remaining: 5 });
    expect(await failTimes(throttle, 'a', 4)).toEqual({ allowed: true, remaining: 1 });
    await throttle.recordSuccess('a');
    expect(await throttle.check('a')).toEqual({ allowed: true, remaining: 5 });
    const verdict = await failTimes(throttle, 'a', 5);
    expect(verdict).toMatchObject({ allowed: false });
    expect(verdict && 'retryAfterSeconds' in verdict ? verdict.retryAfterSeconds : 0).toBeGreaterThan(14 * 60);
    expect((await throttle.check('b')).allowed).toBe(true);
  });

  it('caps failures across all clients, so a forged address per guess does not help', async () => {
    const throttle = createLoginThrottle(memoryLimiters(`g${Math.random()}`));
    for (let i = 0; i < LOGIN_ATTEMPTS_GLOBAL; i += 1) await throttle.recordFailure(`forged-${i}`);
    expect(await throttle.check('someone-new')).toMatchObject({ allowed: false });
  });
});

describe('login throttle while Redis is down', () => {
  it('keeps counting in memory instead of failing every sign-in', async () => {
    // Nothing listens on port 1: every command fails after one retry.
    const client = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, retryStrategy: () => 20 });
    client.on('error', () => {});
    try {
      const throttle = createLoginThrottle(redisLimiters(client, `down${Math.random()}`));
      expect(await throttle.check('c')).toEqual({ allowed: true, remaining: 5 });
      expect(await failTimes(throttle, 'c', 5)).toMatchObject({ allowed: false });
    } finally {
      client.disconnect();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('login throttle (Redis, shared by two app instances)', () => {
  const clients: Redis[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.quit()));
  });

  it('counts failures from both instances against one limit', async () => {
    const prefix = `spd:test:login:${process.pid}:${Date.now()}`;
    const make = () => {
      const client = new Redis(redisUrl as string);
      clients.push(client);
      return createLoginThrottle(redisLimiters(client, prefix));
    };
    const one = make();
    const two = make();
    await failTimes(one, '203.0.113.9', 3);
    expect(await two.check('203.0.113.9')).toEqual({ allowed: true, remaining: 2 });
    const verdict = await failTimes(two, '203.0.113.9', 2);
    expect(verdict).toMatchObject({ allowed: false });
    expect((await one.check('203.0.113.9')).allowed).toBe(false);
    await one.recordSuccess('203.0.113.9');
    expect((await two.check('203.0.113.9')).allowed).toBe(true);
    const keys = await clients[0]!.keys(`${prefix}*`);
    if (keys.length > 0) await clients[0]!.del(...keys);
  });
});
