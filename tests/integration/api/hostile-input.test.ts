import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as listShops } from '@/app/api/dashboard/shops/route';
import { GET as listOrders } from '@/app/api/dashboard/shops/[shopId]/orders/route';
import { GET as listRefunds } from '@/app/api/dashboard/shops/[shopId]/refunds/route';
import { forgetConnectedShops } from '@/lib/server/loaders/shops';
import { setUpstreamClientForTests } from '@/lib/server/upstream';
import { createUpstreamClient, Scheduler } from '@/lib/upstream';
import { SlidingWindowLimiter } from '@/lib/rate-limit';
import { body, call, fakeClient, SHOPS, signedInCookie, type ErrorEnvelope } from './support';
import { logger } from '@/lib/log';

// Inputs from outside (the URL, the upstream's payload) that once reached date arithmetic and
// answered 500: each must be a clear 4xx/502 instead.

let cookie = '';
beforeAll(async () => {
  cookie = await signedInCookie();
});
afterEach(() => {
  setUpstreamClientForTests(undefined);
  forgetConnectedShops();
});

/** A real client (so the contract validates the payload) over an upstream that lists `shops`. */
function clientListing(shops: unknown[]) {
  const scheduler = new Scheduler({ key: 'k', limiter: new SlidingWindowLimiter({ limit: 1000, windowMs: 60_000 }) });
  return createUpstreamClient({
    baseUrl: 'http://upstream.test',
    appKey: 'k',
    appSecret: 's',
    scheduler,
    cacheTtlMs: 0,
    fetch: async () =>
      Response.json({
        success: true,
        data: { items: shops, pagination: { page: 1, limit: 100, total: shops.length, totalPages: 1 } },
      }),
  });
}

describe('dates outside 2000-2100', () => {
  it.each([
    ['/orders?range=custom&from=9999-12-31&to=9999-12-31', listOrders],
    ['/refunds?from=1970-01-01&to=1970-01-02', listRefunds],
    ['/orders?from=2099-12-01&to=2101-01-01', listOrders],
  ])('%s: 400 naming the date and the supported years', async (path, handler) => {
    setUpstreamClientForTests(fakeClient());
    const response = await call(handler, `/api/dashboard/shops/shop-us${path}`, {
      cookie,
      params: { shopId: 'shop-us' },
    });
    expect(response.status).toBe(400);
    const { error } = await body<ErrorEnvelope>(response);
    expect(error.code).toBe('INVALID_REQUEST');
    expect(error.message).toMatch(/^(from|to): must be between 2000-01-01 and 2100-12-31/);
  });
});

describe('a shop time zone that is not an IANA name', () => {
  it.each(['Mars/Olympus_Mons', '+01:00', '', 'America/Los_Angeles; DROP'])(
    '%j from the upstream: the shop is listed as unavailable with the reason, its views answer 502 naming it, the other shops work',
    async (timezone) => {
      setUpstreamClientForTests(clientListing([{ ...SHOPS[0], timezone }, SHOPS[1]!]));
      const list = await call(listShops, '/api/dashboard/shops', { cookie });
      expect(list.status).toBe(200);
      const shops = await body<{ data: { items: { id: string }[]; unavailable: { id: string; reason: string }[] } }>(
        list,
      );
      expect(shops.data.items.map((s) => s.id)).toEqual([SHOPS[1]!.id]);
      expect(shops.data.unavailable).toHaveLength(1);
      expect(shops.data.unavailable[0]!.id).toBe('shop-us');
      expect(shops.data.unavailable[0]!.reason).toMatch(/time ?zone/i);
      const orders = await call(listOrders, '/api/dashboard/shops/shop-us/orders', {
        cookie,
        params: { shopId: 'shop-us' },
      });
      expect(orders.status).toBe(502);
      const { error } = await body<ErrorEnvelope>(orders);
      expect(error.code).toBe('BAD_UPSTREAM_PAYLOAD');
      expect(error.message).toMatch(/unavailable: .*time ?zone/i);
    },
  );

  it('IANA names, UTC and Etc zones are accepted', async () => {
    setUpstreamClientForTests(
      clientListing(
        ['Asia/Kolkata', 'UTC', 'Etc/GMT+5'].map((timezone, i) => ({ ...SHOPS[0], id: `s${i}`, timezone })),
      ),
    );
    const response = await call(listShops, '/api/dashboard/shops', { cookie });
    expect(response.status).toBe(200);
  });
});

describe("the dashboard's own Redis is down", () => {
  it("a data request answers 503 STORE_UNAVAILABLE naming the dashboard's store, not the Reporting Service, and no driver words", async () => {
    const { Redis } = await import('ioredis');
    const { RedisSessionStore, sessionStore, setSessionStoreForTests } = await import('@/lib/session/session-store');
    const working = sessionStore();
    // Nothing listens on port 1; commands fail after their retries, as during an outage.
    const redis = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, retryStrategy: () => 20 });
    redis.on('error', () => undefined);
    const log = vi.spyOn(logger(), 'error').mockImplementation(() => undefined);
    setSessionStoreForTests(new RedisSessionStore(redis));
    try {
      setUpstreamClientForTests(fakeClient());
      const response = await call(listShops, '/api/dashboard/shops', { cookie });
      expect(response.status).toBe(503);
      const { error } = await body<ErrorEnvelope>(response);
      expect(error.code).toBe('STORE_UNAVAILABLE');
      expect(error.message).toMatch(/dashboard's own data store \(its database or Redis\) is unavailable/);
      expect(error.message).not.toMatch(/Reporting Service isn't responding|max retries|maxRetriesPerRequest/i);
      expect(JSON.stringify(log.mock.calls[0])).toMatch(/"event":"store_unavailable"/);
    } finally {
      setSessionStoreForTests(working);
      redis.disconnect();
      log.mockRestore();
    }
  });
});
