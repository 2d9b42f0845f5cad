import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetConnectedShops } from '@/lib/server/loaders/shops';
import { setUpstreamClientForTests } from '@/lib/server/upstream';
import { dashboardKeys } from '@/lib/queries/keys';
import { PREFETCH_DEADLINE_MS, prefetchOrdersView } from '@/lib/queries/prefetch';
import { SlidingWindowLimiter } from '@/lib/rate-limit';
import { createUpstreamClient } from '@/lib/upstream/client';
import { Scheduler } from '@/lib/upstream/scheduler';
import { ordersView, readOrdersViewFromUrl } from '@/lib/views/orders';
import { viewQuery } from '@/lib/views/view';
import { APP_KEY, APP_SECRET, createFakeUpstream } from '../../unit/upstream/fake-upstream';

// The page's gate (session, permission: lib/server/page-session) needs a request; here the prefetch
// runs as the sync does, seeing everything (the gate itself: tests/e2e/team.spec.ts).
vi.mock('@/lib/server/page-session', () => ({ asGatedPerson: <T>(work: () => Promise<T>) => work() }));

// A page's first byte never waits for a busy budget: the server prefetch gives up after a short
// deadline and the page is sent without the data (the browser fetches it and shows the wait
// notice); a quick answer is still in the first HTML.

function setup() {
  const upstream = createFakeUpstream();
  const scheduler = new Scheduler({
    key: APP_KEY,
    limiter: new SlidingWindowLimiter({ limit: 60, windowMs: 61_000, reserve: 2 }),
  });
  const client = createUpstreamClient({
    baseUrl: 'http://upstream.test',
    appKey: APP_KEY,
    appSecret: APP_SECRET,
    fetch: upstream.handle,
    scheduler,
    maxRetries: 0,
  });
  setUpstreamClientForTests(client);
  return { upstream, scheduler };
}

afterEach(() => {
  setUpstreamClientForTests(undefined);
  forgetConnectedShops();
});

async function ordersKeyOf() {
  const view = await readOrdersViewFromUrl({});
  return { view, key: dashboardKeys.orders('shop-1', viewQuery(ordersView, view)) };
}

describe('server prefetch of a page', () => {
  it('puts the table in the first HTML when the data is quick', async () => {
    setup();
    const { view, key } = await ordersKeyOf();
    const state = await prefetchOrdersView(view);
    const keys = state?.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toContain(JSON.stringify(key));
  });

  it('answers with the shell (shops, no orders) within the deadline when the budget is busy, and the browser joins the same request', async () => {
    const { upstream, scheduler } = setup();
    const { view, key } = await ordersKeyOf();
    await prefetchOrdersView(view); // warm the shop list: it is not the point here
    upstream.requests.length = 0;
    scheduler.pause(5_000); // the budget is taken: the view's request waits in the queue
    const started = Date.now();
    const state = await prefetchOrdersView({ ...view, page: 2 });
    const took = Date.now() - started;
    expect(took).toBeLessThan(PREFETCH_DEADLINE_MS + 300);
    const keys = state?.queries.map((q) => JSON.stringify(q.queryKey)) ?? [];
    expect(keys).toContain(JSON.stringify(dashboardKeys.shops()));
    expect(keys).not.toContain(JSON.stringify(key));
    expect(keys.some((k) => k.includes('"orders"'))).toBe(false);
    // The prefetch's request is still queued, so the browser's identical request will share it.
    expect(scheduler.size).toBe(1);
    expect(upstream.requests).toHaveLength(0);
  }, 15_000);
});
