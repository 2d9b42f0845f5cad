import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { SlidingWindowLimiter } from '@/lib/rate-limit/sliding-window';
import { RedisSlidingWindowLimiter } from '@/lib/rate-limit/redis-sliding-window';
import type { RateLimiter } from '@/lib/rate-limit/types';
import type { ServiceHandler } from '@/lib/service/handler';
import { skuReport } from '@/lib/reports/sku-report';
import { addDays, shopLocalDate } from '@/lib/time';
import type { OrderStore } from '@/lib/store/order-store';
import { SyncEngine } from '@/lib/sync/engine';
import { createUpstreamClient } from '@/lib/upstream/client';
import { reserveFor, Scheduler } from '@/lib/upstream/scheduler';
import type { UpstreamClient } from '@/lib/upstream/types';

// One run of the budget scenario: a one-year sync on instance A, idle for three windows, then a
// person clicking every ~5 s (alternately on A and B when they share Redis) for five windows,
// then idle until the sync is done. Time is scaled: the upstream allows 60 per (60 s / scale).

export type Mode = 'before' | 'after';

export interface ScenarioOptions {
  mode: Mode;
  scale: number;
  redisUrl: string | undefined;
  handler: ServiceHandler;
  store: OrderStore;
  shop: { id: string; timezone: string };
}

export interface ScenarioResult {
  clickWaitsMs: number[];
  reportWaitsMs: number[];
  idleShare: number;
  busyShare: number;
  refused: number;
  firstPartialS: number | null;
  last7DaysS: number | null;
  completeS: number | null;
  requests: number;
}

const LIMIT = 60;
const IDLE_WINDOWS = 3;
const CLICK_WINDOWS = 5;

/** The old limiter: one class, no pacing, no reserve (what the dashboard had before the reserve). */
function classless(inner: RateLimiter): RateLimiter {
  return { tryAcquire: (key) => inner.tryAcquire(key), pause: (key, ms) => inner.pause(key, ms) };
}

export async function runScenario(options: ScenarioOptions): Promise<ScenarioResult> {
  const { scale, shop, store } = options;
  const upstreamWindow = 60_000 / scale;
  const ourWindow = 61_000 / scale;
  const upstreamLimit = new SlidingWindowLimiter({ limit: LIMIT, windowMs: upstreamWindow });
  const sent: { t: number; interactive: boolean }[] = [];
  const sentAt = new Map<string, number>();
  let refused = 0;

  const fetch = async (request: Request) => {
    // The upstream's own limit, scaled: what a real service would refuse with 429.
    const verdict = upstreamLimit.acquire('key');
    if (!verdict.ok) {
      refused++;
      return Response.json(
        { success: false, error: { code: 'RATE_LIMITED', message: 'Too many requests.' } },
        { status: 429, headers: { 'Retry-After': '1' } },
      );
    }
    const url = new URL(request.url);
    const interactive = url.searchParams.get('limit') === '25';
    sent.push({ t: performance.now(), interactive });
    if (interactive) sentAt.set(url.search, performance.now());
    return options.handler.handle(request, { clientIp: '127.0.0.1' });
  };

  const prefix = `bench:budget:${randomUUID()}`;
  const connections: Redis[] = [];
  const limiter = (): RateLimiter => {
    const pacing = options.mode === 'after' ? { reserve: reserveFor(LIMIT) } : {};
    const shared = options.redisUrl
      ? new RedisSlidingWindowLimiter({
          redis: connections[connections.push(new Redis(options.redisUrl)) - 1]!,
          prefix,
          limit: LIMIT,
          windowMs: ourWindow,
          ...pacing,
        })
      : undefined;
    const base = shared ?? new SlidingWindowLimiter({ limit: LIMIT, windowMs: ourWindow, ...pacing });
    return options.mode === 'after' ? base : classless(base);
  };
  const instance = (lim: RateLimiter): UpstreamClient =>
    createUpstreamClient({
      baseUrl: 'http://embedded.invalid',
      appKey: 'demo-app-key',
      appSecret: 'demo-app-secret',
      fetch,
      cacheTtlMs: 10_000 / scale,
      scheduler: new Scheduler({ key: 'demo-app-key', limiter: lim, interactiveDeadlineMs: Infinity }),
    });
  const sharedInProcess = limiter();
  const a = instance(sharedInProcess);
  const b = options.redisUrl ? instance(limiter()) : a;

  const today = shopLocalDate(Math.floor(Date.now() / 1000), shop.timezone);
  const range = { from: addDays(today, -364), to: today };
  const last7 = { from: addDays(today, -6), to: today };
  const engine = new SyncEngine({ store, client: a, budgetPerMinute: LIMIT * scale });
  const t0 = performance.now();
  const full = (ms: number) => (ms * scale) / 1000;
  let firstPartialS: number | null = null;
  let last7DaysS: number | null = null;
  let completeS: number | null = null;
  let completedAt = Infinity;

  await engine.ensure(shop, range);
  let watching = true;
  const watch = (async () => {
    // Once a (full-scale) second: a report over a year costs tens of ms, and polling it faster
    // would take the CPU the sync needs.
    while (watching) {
      const elapsed = performance.now() - t0;
      if (firstPartialS === null && (await skuReport({ store, now: Date.now() }, shop, range)).rows.length > 0)
        firstPartialS = full(elapsed);
      if (last7DaysS === null && (await engine.coverage(shop, last7)).complete) last7DaysS = full(elapsed);
      if ((await engine.coverage(shop, range)).complete) {
        completeS = full(elapsed);
        completedAt = performance.now();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000 / scale));
    }
  })();

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  await sleep(IDLE_WINDOWS * ourWindow);
  const idleEnd = performance.now();

  const clickWaitsMs: number[] = [];
  const reportWaitsMs: number[] = [];
  const clicks: Promise<void>[] = [];
  const clickEnd = idleEnd + CLICK_WINDOWS * ourWindow;
  for (let i = 0; performance.now() < clickEnd; i++) {
    const on = i % 2 === 0 ? a : b;
    if (i % 4 < 2) {
      // An orders page the person has not seen: a fresh upstream request of 25 orders.
      const query = {
        startDate: Math.floor(Date.now() / 1000) - 365 * 86_400,
        endDate: Math.floor(Date.now() / 1000),
        page: 1 + i,
        limit: 25,
        sort: 'DESC' as const,
      };
      const asked = performance.now();
      clicks.push(
        on.orders(shop.id, query).then(() => {
          const done = performance.now();
          const at = [...sentAt.entries()].find(([search]) => search.includes(`page=${1 + i}&`))?.[1] ?? done;
          clickWaitsMs.push((at - asked) * scale + (done - at));
        }),
      );
    } else {
      const asked = performance.now();
      clicks.push(
        skuReport({ store, now: Date.now() }, shop, range).then(
          () => void reportWaitsMs.push(performance.now() - asked),
        ),
      );
    }
    await sleep((5_000 / scale) * (0.8 + 0.4 * Math.random()));
  }
  await Promise.all(clicks);
  const busyEnd = performance.now();

  // Wait for the sync to finish (bounded: thirty scaled minutes).
  await Promise.race([watch, sleep((30 * 60_000) / scale)]);
  watching = false;
  await engine.stop();
  for (const c of connections) c.disconnect();

  const perWindowShare = (from: number, to: number) =>
    sent.filter((s) => !s.interactive && s.t >= from && s.t < to).length / ((to - from) / upstreamWindow) / LIMIT;
  return {
    clickWaitsMs,
    reportWaitsMs,
    // Steady state: the first window holds the sync's start (catalog pages read one by one).
    idleShare: perWindowShare(t0 + ourWindow, idleEnd),
    // Only while there is still something to sync.
    busyShare: perWindowShare(idleEnd, Math.min(busyEnd, completedAt)),
    refused,
    firstPartialS,
    last7DaysS,
    completeS,
    requests: sent.length,
  };
}
