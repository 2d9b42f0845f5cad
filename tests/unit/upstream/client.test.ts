import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SlidingWindowLimiter } from '@/lib/rate-limit';
import { UpstreamError } from '@/lib/upstream/errors';
import { Scheduler } from '@/lib/upstream/scheduler';
import { APP_KEY, APP_SECRET, faults, ORDERS, SHOPS } from './fake-upstream';
import { errorOf, settle, setup } from './client-setup';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-06-01T00:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('upstream client: requests and parsing', () => {
  it('sends the credentials and shop id as headers and typed query parameters in the URL', async () => {
    const { client, upstream } = setup();
    const page = await client.orders('shop-1', {
      startDate: 1_650_000_000,
      endDate: 1_660_000_000,
      sort: 'ASC',
      page: 2,
      limit: 5,
      name: undefined,
    });
    const request = upstream.requests[0] as Request;
    const url = new URL(request.url);
    expect(url.origin + url.pathname).toBe('http://upstream.test/api/v1/orders-by-product');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      endDate: '1660000000',
      limit: '5',
      page: '2',
      sort: 'ASC',
      startDate: '1650000000',
    });
    expect(request.headers.get('x-app-key')).toBe(APP_KEY);
    expect(request.headers.get('x-app-secret')).toBe(APP_SECRET);
    expect(request.headers.get('x-shop-id')).toBe('shop-1');
    expect(request.redirect).toBe('error');
    expect(page.pagination).toMatchObject({ page: 2, limit: 5 });
    expect(page.items.map((o) => o.createTime)).toEqual([...page.items.map((o) => o.createTime)].sort((a, b) => a - b));
  });

  it('sends no shop id to the shop list, and refuses a shop-scoped call without one', async () => {
    const { client, upstream } = setup();
    const shops = await client.shops({ name: 'store' });
    expect(shops.items).toEqual(SHOPS);
    expect(upstream.requests[0]?.headers.has('x-shop-id')).toBe(false);
    await expect(client.products('  ')).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    expect(upstream.requests).toHaveLength(1);
  });

  it('hands out frozen data, since one page is shared by every caller', async () => {
    const { client } = setup();
    const page = await client.orders('shop-1', { limit: 3 });
    expect(Object.isFrozen(page.items)).toBe(true);
    expect(() => (page.items as unknown[]).push(1)).toThrow(TypeError);
  });
});

describe('upstream client: coalescing and cache', () => {
  it('coalesces identical concurrent GETs into one upstream request', async () => {
    const { client, upstream } = setup();
    upstream.setDelay(100);
    const calls = Array.from({ length: 10 }, () => client.orders('shop-1', { page: 1, limit: 100 }));
    const other = client.orders('shop-2', { page: 1, limit: 100 });
    await vi.advanceTimersByTimeAsync(200);
    const pages = await Promise.all(calls);
    await other;
    expect(upstream.requests).toHaveLength(2);
    expect(new Set(pages).size).toBe(1);
    expect(pages[0]?.items).toHaveLength(100);
  });

  it('serves a recent identical GET from the cache until the TTL passes, unless bypassed', async () => {
    const { client, upstream } = setup({ cacheTtlMs: 10_000 });
    await client.shops();
    await client.shops();
    expect(upstream.requests).toHaveLength(1);
    await client.shops({}, { bypassCache: true });
    expect(upstream.requests).toHaveLength(2);
    vi.advanceTimersByTime(10_001);
    await client.shops();
    expect(upstream.requests).toHaveLength(3);
  });

  it('keeps a coalesced request alive for the callers who did not abort', async () => {
    const { client, upstream } = setup();
    upstream.setDelay(100);
    const controller = new AbortController();
    const leaving = client.shops({}, { signal: controller.signal });
    const staying = client.shops();
    controller.abort();
    await expect(leaving).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(200);
    expect((await staying).items).toHaveLength(2);
    expect(upstream.requests).toHaveLength(1);
  });

  it('promotes a queued background request when a person asks for the same data', async () => {
    const scheduler = new Scheduler({ key: APP_KEY, limiter: new SlidingWindowLimiter({ limit: 1, windowMs: 1000 }) });
    const { client, upstream } = setup({ scheduler });
    const background = [1, 2, 3, 4].map((page) => client.shops({ page }, { priority: 'background' }));
    await vi.advanceTimersByTimeAsync(10); // page 1 is sent; 2, 3 and 4 wait for slots
    const person = client.shops({ page: 4 });
    await settle(Promise.all([...background, person]));
    const pages = upstream.requests.map((r) => new URL(r.url).searchParams.get('page'));
    expect(pages).toEqual(['1', '4', '2', '3']);
  });
});

describe('upstream client: faults', () => {
  it('honours Retry-After on a burst of 429s by pausing the queue, then returns the data', async () => {
    const { client, upstream } = setup();
    upstream.inject(faults.rateLimited(2), faults.rateLimited(2), faults.rateLimited(3));
    const result = await settle(client.orders('shop-1', { limit: 10 }));
    expect(result.ok && result.value.items.map((o) => o.id)).toEqual(
      ORDERS.slice(-10)
        .reverse()
        .map((o) => o.id),
    );
    expect(upstream.requests).toHaveLength(4);
    const gaps = upstream.sentAt.slice(1).map((t, i) => t - (upstream.sentAt[i] as number));
    expect(gaps[0]).toBeGreaterThanOrEqual(2_000);
    expect(gaps[1]).toBeGreaterThanOrEqual(2_000);
    expect(gaps[2]).toBeGreaterThanOrEqual(3_000);
  });

  it('holds other calls of the same key during a 429 pause', async () => {
    const { client, upstream } = setup();
    upstream.inject(faults.rateLimited(5));
    const first = client.shops();
    await vi.advanceTimersByTimeAsync(10);
    const times: number[] = [];
    const second = client.orders('shop-1').then(() => times.push(Date.now()));
    const start = Date.now();
    await settle(Promise.all([first, second]));
    expect((times[0] as number) - start).toBeGreaterThanOrEqual(4_900);
  });

  it('reports RATE_LIMITED with the wait after a bounded number of 429s', async () => {
    const { client, upstream } = setup({ maxRateLimitRetries: 2 });
    upstream.inject(...Array.from({ length: 10 }, () => faults.rateLimited(1)));
    const error = errorOf(await settle(client.shops()));
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterSeconds: 1 });
    expect(upstream.requests).toHaveLength(3);
  });

  it('retries intermittent 500s with growing backoff and returns the right data', async () => {
    const { client, upstream } = setup({ backoffBaseMs: 100 });
    upstream.inject(faults.internal(), faults.internal());
    const result = await settle(client.orders('shop-1', { page: 3, limit: 100, sort: 'ASC' }));
    expect(result.ok && result.value.items.map((o) => o.id)).toEqual(ORDERS.slice(200, 300).map((o) => o.id));
    expect(upstream.requests).toHaveLength(3);
  });

  it('gives up on persistent 500s with INTERNAL_ERROR after maxRetries', async () => {
    const { client, upstream } = setup({ maxRetries: 2 });
    upstream.inject(...Array.from({ length: 10 }, () => faults.internal()));
    expect(errorOf(await settle(client.shops()))).toMatchObject({
      code: 'INTERNAL_ERROR',
      status: 500,
      requestPath: '/api/v1/shops',
    });
    expect(upstream.requests).toHaveLength(3);
  });

  it('times out a slow answer, retries, and reports UPSTREAM_UNAVAILABLE when it stays slow', async () => {
    const { client, upstream } = setup({ timeoutMs: 1_000, maxRetries: 1 });
    upstream.setDelay(5_000);
    const error = errorOf(await settle(client.shops()));
    expect(error).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    expect(String(error.message)).toMatch(/did not answer within 1000 ms/);
    expect(upstream.requests).toHaveLength(2);
  });

  it('recovers when a hung request is followed by a good one', async () => {
    const { client, upstream } = setup({ timeoutMs: 1_000 });
    upstream.inject(faults.hang(), faults.networkError());
    const result = await settle(client.shops());
    expect(result.ok && result.value.items).toHaveLength(2);
    expect(upstream.requests).toHaveLength(3);
  });

  it('reports malformed JSON as BAD_UPSTREAM_PAYLOAD without retrying', async () => {
    const { client, upstream } = setup();
    upstream.inject(faults.malformedJson());
    expect(errorOf(await settle(client.shops()))).toMatchObject({ code: 'BAD_UPSTREAM_PAYLOAD', status: 200 });
    expect(upstream.requests).toHaveLength(1);
  });

  it('rejects a payload with a wrong field type, naming the field, and returns no data', async () => {
    const { client, upstream } = setup();
    const bad = structuredClone(ORDERS.slice(0, 3)) as unknown as Record<string, unknown>[];
    (bad[1] as Record<string, unknown>).paidTime = 'yesterday';
    upstream.inject(
      faults.body(200, {
        success: true,
        data: { items: bad, pagination: { page: 1, limit: 3, total: 3, totalPages: 1 } },
      }),
    );
    const error = errorOf(await settle(client.orders('shop-1', { limit: 3 })));
    expect(error).toMatchObject({ code: 'BAD_UPSTREAM_PAYLOAD' });
    expect(String(error.message)).toContain('data.items[1].paidTime');
    // The bad page is not cached: the next call asks again and gets good data.
    const retry = await settle(client.orders('shop-1', { limit: 3 }));
    expect(retry.ok && retry.value.items).toHaveLength(3);
  });

  it('maps error bodies of unknown shape by status, and known codes wherever they sit', async () => {
    const { client, upstream } = setup();
    upstream.inject(
      faults.html(403),
      faults.html(404),
      faults.body(401, { code: 'MISSING_CREDENTIALS', detail: 'x' }),
      faults.body(400, { error: 'INVALID_REQUEST', message: 'limit: must be at most 100' }),
      faults.body(418, { weird: true }),
    );
    expect(errorOf(await settle(client.shops()))).toMatchObject({ code: 'FEATURE_UNAVAILABLE', status: 403 });
    expect(errorOf(await settle(client.products('shop-1')))).toMatchObject({ code: 'SHOP_NOT_FOUND', status: 404 });
    expect(errorOf(await settle(client.shops({ page: 2 })))).toMatchObject({
      code: 'MISSING_CREDENTIALS',
      status: 401,
    });
    const invalid = errorOf(await settle(client.shops({ page: 3 })));
    expect(invalid).toMatchObject({ code: 'INVALID_REQUEST', status: 400 });
    expect(String(invalid.message)).toContain('limit: must be at most 100');
    expect(errorOf(await settle(client.shops({ page: 4 })))).toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      status: 418,
    });
    expect(upstream.requests).toHaveLength(5); // 4xx are never retried
  });

  it('reads a 502 HTML page from a proxy as a retryable outage', async () => {
    const { client, upstream } = setup();
    upstream.inject(faults.html(502));
    const result = await settle(client.shops());
    expect(result.ok).toBe(true);
    expect(upstream.requests).toHaveLength(2);
  });
});

describe('upstream client: the secret stays out of errors', () => {
  it('never puts the app secret in a message, a serialised error or a stack', async () => {
    const { client, upstream } = setup({ maxRetries: 0, maxRateLimitRetries: 0 });
    upstream.inject(
      faults.body(401, {
        success: false,
        error: { code: 'INVALID_CREDENTIALS', message: `secret ${APP_SECRET} is wrong` },
      }),
      faults.rateLimited(1),
      faults.internal(),
      faults.malformedJson(),
      faults.networkError(),
      faults.html(404),
    );
    const errors: Record<string, unknown>[] = [];
    for (let page = 1; page <= 6; page += 1) errors.push(errorOf(await settle(client.shops({ page }))));
    expect(errors.map((e) => e.code)).toEqual([
      'INVALID_CREDENTIALS',
      'RATE_LIMITED',
      'INTERNAL_ERROR',
      'BAD_UPSTREAM_PAYLOAD',
      'UPSTREAM_UNAVAILABLE',
      'UPSTREAM_UNAVAILABLE',
    ]);
    expect(String(errors[0]?.message)).toContain('[redacted]');
    for (const error of errors) {
      const text = [String(error), JSON.stringify(error), String(error.stack), String(error.requestPath)].join('\n');
      expect(text).not.toContain(APP_SECRET);
    }
  });
});
