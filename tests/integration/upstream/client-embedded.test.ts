import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listEnvelopeSchema, MAX_RANGE_SECONDS, orderSchema, type Order, type Shop } from '@/lib/contract';
import { SlidingWindowLimiter } from '@/lib/rate-limit';
import { createEmbeddedService, type EmbeddedService } from '@/lib/service';
import {
  createUpstreamClient,
  listOrdersAcrossWindows,
  UpstreamError,
  type UpstreamClientOptions,
} from '@/lib/upstream';
import { Scheduler } from '@/lib/upstream/scheduler';

// The client against the real embedded service in-process (demo data, SQLite in a temp dir), with
// faults injected between the two: whatever goes wrong, the caller gets the right data or a clear
// UpstreamError, never wrong data, never a crash, never the secret.

const KEY = 'demo-app-key';
const SECRET = 'demo-app-secret';
type Fault = (request: Request, real: () => Promise<Response>) => Promise<Response>;

let dir = '';
let service: EmbeddedService;
let shop: Shop;
const faults: Fault[] = [];
let requests = 0;

const realFetch = (request: Request) => service.handle(request, { clientIp: '127.0.0.1' });
async function faultyFetch(request: Request): Promise<Response> {
  requests += 1;
  const fault = faults.shift();
  return fault ? fault(request, () => realFetch(request)) : realFetch(request);
}

function client(overrides: Partial<UpstreamClientOptions> = {}) {
  faults.length = 0;
  requests = 0;
  const scheduler = new Scheduler({ key: KEY, limiter: new SlidingWindowLimiter({ limit: 10_000, windowMs: 60_000 }) });
  return createUpstreamClient({
    baseUrl: 'http://embedded.invalid',
    appKey: KEY,
    appSecret: SECRET,
    fetch: faultyFetch,
    scheduler,
    timeoutMs: 300,
    maxRetries: 3,
    backoffBaseMs: 5,
    cacheTtlMs: 0,
    ...overrides,
  });
}

/** What the service says when asked directly: the ground truth for "no wrong data". */
async function direct(path: string): Promise<Order[]> {
  const response = await realFetch(
    new Request(`http://embedded.invalid${path}`, {
      headers: { 'X-App-Key': KEY, 'X-App-Secret': SECRET, 'X-Shop-Id': shop.id },
    }),
  );
  return listEnvelopeSchema(orderSchema).parse(await response.json()).data.items;
}

const delayed =
  (ms: number): Fault =>
  async (request, real) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return real();
  };
const status =
  (code: number, body: string, headers: Record<string, string> = {}): Fault =>
  async () =>
    new Response(body, { status: code, headers });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'upstream-client-'));
  service = await createEmbeddedService({
    sqliteFile: join(dir, 'service.db'),
    ratePerMinute: 100_000,
    ipRatePerMinute: 100_000,
  });
  const shops = await client().shops();
  expect(shops.items.length).toBeGreaterThanOrEqual(2);
  shop = shops.items[0] as Shop;
}, 120_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  const lazy = (globalThis as { __embeddedReportingService?: Promise<EmbeddedService> }).__embeddedReportingService;
  await (await lazy)?.close();
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('upstream client × embedded service', () => {
  it('returns exactly what the service holds', async () => {
    const page = await client().orders(shop.id, { page: 2, limit: 25, sort: 'ASC' });
    expect(page.items).toEqual(await direct('/api/v1/orders-by-product?limit=25&page=2&sort=ASC'));
  });

  it('maps the service’s own errors to the spec codes', async () => {
    await expect(client({ appSecret: 'wrong-secret' }).shops()).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
      status: 401,
    });
    await expect(client({ appKey: 'basic-app-key', appSecret: 'basic-app-secret' }).shops()).rejects.toMatchObject({
      code: 'FEATURE_UNAVAILABLE',
      status: 403,
    });
    await expect(client().products('no-such-shop')).rejects.toMatchObject({ code: 'SHOP_NOT_FOUND', status: 404 });
    await expect(client().orders(shop.id, { startDate: 0, endDate: MAX_RANGE_SECONDS + 1 })).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
      status: 400,
    });
    expect(requests).toBe(1); // none of these is retried
  });

  it('rides out a burst of 429s with Retry-After and returns the right page', async () => {
    const c = client();
    const retry = status(429, '{"success":false,"error":{"code":"RATE_LIMITED","message":"slow down"}}', {
      'Retry-After': '1',
    });
    faults.push(retry, retry);
    const started = Date.now();
    const page = await c.orders(shop.id, { limit: 10 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(page.items).toEqual(await direct('/api/v1/orders-by-product?limit=10'));
    expect(requests).toBe(3);
  }, 20_000);

  it('retries intermittent 500s and timeouts; every page comes back right', async () => {
    const c = client();
    for (let page = 1; page <= 6; page += 1) {
      faults.push(page % 2 === 0 ? status(500, 'oops') : delayed(600));
      expect((await c.orders(shop.id, { page, limit: 20 })).items).toEqual(
        await direct(`/api/v1/orders-by-product?limit=20&page=${page}`),
      );
    }
    expect(requests).toBe(12);
  }, 20_000);

  it('gives up clearly on a service that stays slow', async () => {
    const c = client({ maxRetries: 2 });
    faults.push(delayed(600), delayed(600), delayed(600));
    await expect(c.shops()).rejects.toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      message: expect.stringMatching(/300 ms/),
    });
  }, 20_000);

  it('refuses truncated JSON and wrong field types, naming the field', async () => {
    const c = client();
    faults.push(async (_, real) => new Response((await (await real()).text()).slice(0, 200), { status: 200 }));
    await expect(c.orders(shop.id)).rejects.toMatchObject({ code: 'BAD_UPSTREAM_PAYLOAD' });
    faults.push(async (_, real) => {
      const body = (await (await real()).json()) as { data: { items: Record<string, unknown>[] } };
      (body.data.items[2] as { products: Record<string, unknown>[] }).products[0]!.grossSales = '12.50';
      return Response.json(body);
    });
    const error = await c.orders(shop.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).message).toContain('data.items[2].products[0].grossSales');
  });

  it('tolerates an error body of unknown shape', async () => {
    const c = client();
    faults.push(status(403, '<h1>Forbidden</h1>'), status(400, '{"errors":[{"msg":"bad"}]}'));
    await expect(c.shops()).rejects.toMatchObject({ code: 'FEATURE_UNAVAILABLE', status: 403 });
    await expect(c.products(shop.id)).rejects.toMatchObject({ code: 'INVALID_REQUEST', status: 400 });
  });

  it('lists orders over a range longer than 366 days in windows, matching the service page by page', async () => {
    const c = client();
    const end = Math.floor(Date.now() / 1000);
    const start = end - 500 * 86_400;
    const first = await listOrdersAcrossWindows(c, shop.id, {
      startDate: start,
      endDate: end,
      page: 1,
      limit: 100,
      sort: 'DESC',
    });
    expect(first.pagination.total).toBeGreaterThan(100);
    // The newest window holds the first page; the service can answer it directly to compare.
    const newest = end - (MAX_RANGE_SECONDS - 1);
    expect(first.items).toEqual(
      await direct(`/api/v1/orders-by-product?endDate=${end}&limit=100&sort=DESC&startDate=${newest}`),
    );
    const last = await listOrdersAcrossWindows(c, shop.id, {
      startDate: start,
      endDate: end,
      page: first.pagination.totalPages,
      limit: 100,
      sort: 'DESC',
    });
    expect(last.items.length).toBe(first.pagination.total - (first.pagination.totalPages - 1) * 100);
    expect(last.items.every((o) => o.createTime >= start && o.createTime <= end)).toBe(true);
  });

  it('never lets the secret into an error', async () => {
    const c = client({ maxRetries: 0, maxRateLimitRetries: 0 });
    faults.push(
      status(
        401,
        JSON.stringify({ success: false, error: { code: 'INVALID_CREDENTIALS', message: `bad secret ${SECRET}` } }),
      ),
      status(429, 'x', { 'Retry-After': '1' }),
      status(500, SECRET),
      status(200, `{"leak":"${SECRET}"`),
    );
    for (let page = 1; page <= 4; page += 1) {
      const error = await c.shops({ page }).catch((e: unknown) => e as UpstreamError);
      expect(error).toBeInstanceOf(UpstreamError);
      expect([String(error), JSON.stringify(error), (error as Error).stack].join('\n')).not.toContain(SECRET);
    }
  });

  it('getUpstreamClient() without UPSTREAM_BASE_URL reaches the embedded service with the demo key', async () => {
    for (const name of [
      'UPSTREAM_BASE_URL',
      'UPSTREAM_APP_KEY',
      'UPSTREAM_APP_SECRET',
      'SERVICE_DATABASE_URL',
      'REDIS_URL',
    ])
      vi.stubEnv(name, '');
    vi.stubEnv('DATA_DIR', dir); // the same SQLite file, already filled
    const { getUpstreamClient } = await import('@/lib/upstream');
    const shops = await getUpstreamClient().shops({ limit: 100 });
    expect(shops.items.map((s) => s.id)).toContain(shop.id);
    const orders = await getUpstreamClient().orders(shop.id, { limit: 10 });
    expect(orders.items).toEqual(await direct('/api/v1/orders-by-product?limit=10'));
  });
});
