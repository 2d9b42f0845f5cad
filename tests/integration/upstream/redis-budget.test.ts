import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from '@/lib/rate-limit';
import { RedisSlidingWindowLimiter } from '@/lib/rate-limit/redis-sliding-window';
import { createUpstreamClient } from '@/lib/upstream';
import { Scheduler } from '@/lib/upstream/scheduler';
import { redisUnderPrefix } from '@/tests/support/redis';
import { maxInAnyWindow } from '../../unit/rate-limit/window-count';

// Two app instances (two clients, two schedulers, two Redis connections) against one upstream
// that allows 5 requests per second and answers 429 beyond: the shared budget keeps them both
// under it. Real time, a one-second window, so the run takes a few seconds.

const url = process.env.TEST_REDIS_URL;
const LIMIT = 5;
const WINDOW_MS = 1_000;
const MARGIN_MS = 250;

describe.skipIf(!url)('Redis-shared budget across two client instances (TEST_REDIS_URL)', () => {
  const { prefix, connect } = redisUnderPrefix(url as string, 'upstream');

  it('sends 30 requests from two instances without ever exceeding the upstream limit', async () => {
    const upstreamLimit = new SlidingWindowLimiter({ limit: LIMIT, windowMs: WINDOW_MS });
    const accepted: number[] = [];
    let refused = 0;
    const upstream = async (request: Request) => {
      if (!upstreamLimit.acquire('key').ok) {
        refused += 1;
        return new Response('{}', { status: 429, headers: { 'Retry-After': '1' } });
      }
      accepted.push(Date.now());
      const page = Number(new URL(request.url).searchParams.get('page'));
      return Response.json({
        success: true,
        data: { items: [], pagination: { page, limit: 10, total: 0, totalPages: 0 } },
      });
    };
    const instance = () => {
      const redis = connect();
      // The production margin (lib/upstream's SAFETY_MARGIN_MS): our window is longer than the
      // upstream's by a fixed amount that absorbs the delay between taking a slot and the request
      // arriving. 50 ms (5%) was less than an event-loop stall on a loaded 2-core CI machine.
      const limiter = new RedisSlidingWindowLimiter({ redis, prefix, limit: LIMIT, windowMs: WINDOW_MS + MARGIN_MS });
      const scheduler = new Scheduler({ key: 'shared-app-key', limiter });
      return createUpstreamClient({
        baseUrl: 'http://u.test',
        appKey: 'shared-app-key',
        appSecret: 's',
        fetch: upstream,
        scheduler,
        cacheTtlMs: 0,
      });
    };
    const [a, b] = [instance(), instance()];
    const calls = Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? a : b).shops({ page: i + 1 }));
    const pages = await Promise.all(calls);
    expect(pages.map((p) => p.pagination.page)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(refused).toBe(0);
    expect(maxInAnyWindow(accepted, WINDOW_MS)).toBeLessThanOrEqual(LIMIT);
  }, 30_000);

  it('would be refused without the shared budget (the test can fail)', async () => {
    const upstreamLimit = new SlidingWindowLimiter({ limit: LIMIT, windowMs: WINDOW_MS });
    let refused = 0;
    const upstream = async () => {
      if (!upstreamLimit.acquire('key').ok) refused += 1;
      return Response.json({
        success: true,
        data: { items: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0 } },
      });
    };
    // Each instance with its own in-memory budget: together they send twice the limit.
    const instance = () =>
      createUpstreamClient({
        baseUrl: 'http://u.test',
        appKey: 'k',
        appSecret: 's',
        fetch: upstream,
        cacheTtlMs: 0,
        scheduler: new Scheduler({
          key: 'k',
          limiter: new SlidingWindowLimiter({ limit: LIMIT, windowMs: WINDOW_MS }),
        }),
      });
    const [a, b] = [instance(), instance()];
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).shops({ page: i + 1 })));
    expect(refused).toBeGreaterThan(0);
  });
});
