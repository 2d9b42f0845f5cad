import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisSlidingWindowLimiter } from '@/lib/rate-limit/redis-sliding-window';

const url = process.env.TEST_REDIS_URL;

describe.skipIf(!url)('RedisSlidingWindowLimiter (TEST_REDIS_URL)', () => {
  const prefix = `test:rl:${randomUUID()}`;
  let a: Redis;
  let b: Redis;

  beforeAll(() => {
    a = new Redis(url as string);
    b = new Redis(url as string);
  });

  afterAll(async () => {
    const keys = await a.keys(`${prefix}:*`);
    if (keys.length > 0) await a.del(...keys);
    a.disconnect();
    b.disconnect();
  });

  it('grants exactly N of many concurrent attempts from two connections', async () => {
    const options = { limit: 10, windowMs: 60_000, prefix };
    const first = new RedisSlidingWindowLimiter({ ...options, redis: a });
    const second = new RedisSlidingWindowLimiter({ ...options, redis: b });
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? first : second).tryAcquire('app-key-1')),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    const refused = results.find((r) => !r.ok);
    expect(refused && !refused.ok && refused.retryAfterMs).toBeGreaterThan(59_000);
  });

  it('frees a slot exactly one window after the oldest event (injected clock)', async () => {
    const clock = { t: 5_000_000 };
    const limiter = new RedisSlidingWindowLimiter({ limit: 2, windowMs: 1000, prefix, redis: a, now: () => clock.t });
    expect(await limiter.tryAcquire('k2')).toEqual({ ok: true });
    clock.t += 300;
    expect(await limiter.tryAcquire('k2')).toEqual({ ok: true });
    expect(await limiter.tryAcquire('k2')).toEqual({ ok: false, retryAfterMs: 700 });
    clock.t += 700;
    expect(await limiter.tryAcquire('k2')).toEqual({ ok: true });
  });

  it('shares a pause between instances and never shortens a longer one', async () => {
    const first = new RedisSlidingWindowLimiter({ limit: 5, windowMs: 1000, prefix, redis: a });
    const second = new RedisSlidingWindowLimiter({ limit: 5, windowMs: 1000, prefix, redis: b });
    await first.pause('k3', 20_000);
    await second.pause('k3', 1_000);
    const result = await second.tryAcquire('k3');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.retryAfterMs).toBeGreaterThan(19_000);
  });

  it('does not put the raw key into Redis key names', () => {
    const limiter = new RedisSlidingWindowLimiter({ limit: 1, windowMs: 1000, prefix, redis: a });
    expect(limiter.keysFor('demo-app-key').join(' ')).not.toContain('demo-app-key');
  });
});
