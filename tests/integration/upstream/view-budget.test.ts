import { afterEach, describe, expect, it, vi } from 'vitest';
import { ordersQuery } from '@/tests/support/views';
import { loadOrders } from '@/lib/server/loaders/orders';
import { connectedShops, forgetConnectedShops, type ConnectedShop } from '@/lib/server/loaders/shops';
import { setUpstreamClientForTests } from '@/lib/server/upstream';
import { SlidingWindowLimiter } from '@/lib/rate-limit';
import { createUpstreamClient } from '@/lib/upstream/client';
import { Scheduler } from '@/lib/upstream/scheduler';
import type { UpstreamClient } from '@/lib/upstream/types';
import { APP_KEY, APP_SECRET, createFakeUpstream, SHOPS } from '../../unit/upstream/fake-upstream';

// What a person's view costs the upstream budget: the default range coalesces, an abandoned
// request spends nothing, a full queue answers a clear 503, and the shop list is never refreshed
// on a person's path.

const SHOP: ConnectedShop = { ...SHOPS[0]!, currency: 'USD' };

function setup(
  scheduler = new Scheduler({
    key: APP_KEY,
    limiter: new SlidingWindowLimiter({ limit: 60, windowMs: 61_000, reserve: 2 }),
  }),
) {
  const upstream = createFakeUpstream();
  const client = createUpstreamClient({
    baseUrl: 'http://upstream.test',
    appKey: APP_KEY,
    appSecret: APP_SECRET,
    fetch: upstream.handle,
    scheduler,
    maxRetries: 0,
  });
  setUpstreamClientForTests(client);
  return { upstream, client, scheduler };
}

afterEach(() => {
  setUpstreamClientForTests(undefined);
  forgetConnectedShops();
});

describe('the budget a view spends', () => {
  it('serves repeated default views (a range ending now) from one upstream request within the cache time', async () => {
    const { upstream } = setup();
    const query = ordersQuery({});
    const t0 = Date.parse('2025-06-01T12:00:05Z');
    await loadOrders(SHOP, query, t0);
    await loadOrders(SHOP, query, t0 + 3_000);
    await loadOrders(SHOP, query, t0 + 7_000);
    expect(upstream.requests).toHaveLength(1);
    // The range still ends at the current minute's close, so orders placed seconds ago are in.
    const end = Number(new URL(upstream.requests[0]!.url).searchParams.get('endDate'));
    expect(end).toBe(Date.parse('2025-06-01T12:00:59Z') / 1000);
  });

  it('takes an abandoned request out of the queue: it spends no budget', async () => {
    const { upstream, scheduler } = setup();
    scheduler.pause(2_000); // the upstream said Retry-After; the view waits in the queue
    const browser = new AbortController();
    const view = loadOrders(SHOP, ordersQuery({}), Date.now(), browser.signal).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(scheduler.size).toBe(1);
    browser.abort(new DOMException('The person left', 'AbortError'));
    expect(await view).toMatchObject({ name: 'AbortError' });
    expect(scheduler.size).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(upstream.requests).toHaveLength(0);
  });

  it('never answers 503 for lack of budget: a full queue answers at once with the stored part, marked', async () => {
    const scheduler = new Scheduler({
      key: APP_KEY,
      limiter: new SlidingWindowLimiter({ limit: 60, windowMs: 61_000 }),
      maxQueued: 1,
    });
    const { upstream } = setup(scheduler);
    scheduler.pause(20_000);
    const first = loadOrders(SHOP, ordersQuery({ page: '1' }), Date.now()).catch((e: unknown) => e);
    const started = Date.now();
    const second = await loadOrders(SHOP, ordersQuery({ page: '2' }), Date.now());
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(second).toMatchObject({ source: 'stored-part-busy', needsSync: true, coverage: { daysStored: 0 } });
    // The first waits for the upstream at most the click's bound, then shows what is stored too.
    expect(await first).toMatchObject({ source: 'stored-part-busy' });
    expect(upstream.requests).toHaveLength(0);
    scheduler.pause(0);
  });
});

describe('the shop list', () => {
  function countingClient(base: UpstreamClient) {
    const calls: string[] = [];
    let gate: Promise<void> = Promise.resolve();
    const client: UpstreamClient = {
      ...base,
      shops: async (query, options) => {
        calls.push(options?.priority ?? 'interactive');
        await gate;
        return base.shops(query, options);
      },
    };
    return { client, calls, hold: (until: Promise<void>) => void (gate = until) };
  }

  it('is shared by every caller and renewed in the background: nobody waits for a refresh', async () => {
    const { client: base } = setup();
    const { client, calls, hold } = countingClient(base);
    setUpstreamClientForTests(client);
    let now = 1_000_000;
    const [a, b] = await Promise.all([connectedShops(() => now), connectedShops(() => now)]);
    expect(a.map((s) => s.id)).toEqual(['shop-1', 'shop-2']);
    expect(b).toBe(a);
    expect(calls).toEqual(['interactive']); // a cold start is on the path, once

    // Past the refresh age, with the upstream slow: the old list is answered at once.
    let release: () => void = () => undefined;
    hold(new Promise<void>((resolve) => (release = resolve)));
    now += 50_000;
    const during = await Promise.race([
      connectedShops(() => now),
      new Promise((resolve) => setTimeout(() => resolve('waited'), 200)),
    ]);
    expect(during).toBe(a);
    expect(calls).toEqual(['interactive', 'background']);
    // One refresh in flight at a time, however many people ask.
    await connectedShops(() => now);
    expect(calls).toHaveLength(2);
    release();
    await vi.waitFor(async () => expect(await connectedShops(() => now)).not.toBe(a));
  });

  it('keeps one list per process even when the module is loaded again (route bundles)', async () => {
    const { client: base } = setup();
    const { client, calls } = countingClient(base);
    setUpstreamClientForTests(client);
    await connectedShops();
    vi.resetModules();
    const again = await import('@/lib/server/loaders/shops');
    const upstreamAgain = await import('@/lib/server/upstream');
    upstreamAgain.setUpstreamClientForTests(client);
    await again.connectedShops();
    expect(calls).toEqual(['interactive']);
  });
});
