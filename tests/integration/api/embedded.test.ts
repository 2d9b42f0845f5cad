import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as listShops } from '@/app/api/dashboard/shops/route';
import { GET as listOrders } from '@/app/api/dashboard/shops/[shopId]/orders/route';
import { GET as listProducts } from '@/app/api/dashboard/shops/[shopId]/products/route';
import { GET as listRefunds } from '@/app/api/dashboard/shops/[shopId]/refunds/route';
import { ordersDataSchema, productsDataSchema, refundsDataSchema, shopsDataSchema } from '@/lib/api/schemas';
import { setUpstreamClientForTests } from '@/lib/server/upstream';
import { createEmbeddedService, type EmbeddedService } from '@/lib/service';
import { createUpstreamClient, type RequestScheduler } from '@/lib/upstream';
import { body, call, signedInCookie, type ErrorEnvelope } from './support';
import { logger } from '@/lib/log';

// The dashboard API against the real embedded service (demo data, SQLite in a temp dir), through
// the real upstream client: what a signed-in browser gets.

const passThrough: RequestScheduler = { schedule: (task) => task(), pause: () => {} };

let dir = '';
let service: EmbeddedService;
let cookie = '';

function useKey(appKey: string, appSecret: string) {
  setUpstreamClientForTests(
    createUpstreamClient({
      baseUrl: 'http://embedded.invalid',
      appKey,
      appSecret,
      scheduler: passThrough,
      fetch: (r) => service.handle(r, { clientIp: '127.0.0.1' }),
      maxRetries: 0,
    }),
  );
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dashboard-api-'));
  service = await createEmbeddedService({
    sqliteFile: join(dir, 'service.db'),
    ratePerMinute: 100_000,
    ipRatePerMinute: 100_000,
  });
  cookie = await signedInCookie();
}, 120_000);

afterAll(async () => {
  setUpstreamClientForTests(undefined);
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function firstShop() {
  const { data } = await body<{ data: unknown }>(await call(listShops, '/api/dashboard/shops', { cookie }));
  const shops = shopsDataSchema.parse(data).items;
  expect(shops.length).toBeGreaterThanOrEqual(2);
  return shops[0]!;
}

describe('dashboard API over the embedded service', () => {
  it('shops, orders, products and refunds answer with validated data', async () => {
    useKey('demo-app-key', 'demo-app-secret');
    const shop = await firstShop();
    const params = { shopId: shop.id };

    const ordersRes = await call(listOrders, `/api/dashboard/shops/${shop.id}/orders?range=last-90-days&limit=10`, {
      cookie,
      params,
    });
    expect(ordersRes.status).toBe(200);
    const orders = ordersDataSchema.parse((await body<{ data: unknown }>(ordersRes)).data);
    expect(orders.items).toHaveLength(10);
    expect(orders.pagination.total).toBeGreaterThan(10);
    expect(orders.range.timeZone).toBe(shop.timezone);
    for (const order of orders.items) {
      expect(order.createTime).toBeGreaterThanOrEqual(orders.range.startDate);
      expect(order.createTime).toBeLessThanOrEqual(orders.range.endDate);
    }
    const times = orders.items.map((o) => o.createTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const productsRes = await call(listProducts, `/api/dashboard/shops/${shop.id}/products?limit=10`, {
      cookie,
      params,
    });
    const products = productsDataSchema.parse((await body<{ data: unknown }>(productsRes)).data);
    expect(products.items.length).toBeGreaterThan(0);

    const refundsRes = await call(listRefunds, `/api/dashboard/shops/${shop.id}/refunds?range=last-30-days`, {
      cookie,
      params,
    });
    const refunds = refundsDataSchema.parse((await body<{ data: unknown }>(refundsRes)).data);
    expect(refunds.items).toHaveLength(30);
    expect(refunds.items[0]?.day).toBe(refunds.range.from);
    expect(refunds.items.at(-1)?.day).toBe(refunds.range.to);
    const cents = refunds.items.reduce((sum, d) => sum + Math.round(d.value * 100), 0);
    expect(Math.round(refunds.totals.value * 100)).toBe(cents);
  });

  it('pages a range longer than 366 days across windows, in order, without gaps', async () => {
    useKey('demo-app-key', 'demo-app-secret');
    const shop = await firstShop();
    const today = new Date().toISOString().slice(0, 10);
    const from = `${Number(today.slice(0, 4)) - 2}${today.slice(4)}`;
    const url = `/api/dashboard/shops/${shop.id}/orders?from=${from}&to=${today}&limit=100&sort=asc`;
    const first = ordersDataSchema.parse(
      (await body<{ data: unknown }>(await call(listOrders, url, { cookie, params: { shopId: shop.id } }))).data,
    );
    expect(first.pagination.total).toBeGreaterThan(100);
    const times = first.items.map((o) => o.createTime);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(first.items.map((o) => o.id)).size).toBe(first.items.length);
  });

  it('a wrong secret is reported as the server credentials being wrong, without the secret', async () => {
    vi.spyOn(logger(), 'warn').mockImplementation(() => {});
    const wrong = 'wrong-secret-7f3a9c1e5b';
    useKey('demo-app-key', wrong);
    const response = await call(listShops, '/api/dashboard/shops', { cookie });
    const text = await response.text();
    expect(response.status).toBe(502);
    expect((JSON.parse(text) as ErrorEnvelope).error.code).toBe('UPSTREAM_CREDENTIALS');
    expect(text).not.toContain(wrong);
  });

  it('a key without the REST feature gets the plan message', async () => {
    useKey('basic-app-key', 'basic-app-secret');
    const response = await call(listShops, '/api/dashboard/shops', { cookie });
    expect(response.status).toBe(403);
    expect((await body<ErrorEnvelope>(response)).error.message).toMatch(/^The REST API is not included in your plan/);
  });
});
