import { beforeEach, describe, expect, it } from 'vitest';
import { shopSchema } from '@/lib/contract';
import { createServiceHandler } from '@/lib/service/handler';
import { BASIC_HEADERS, createClient, DEMO_HEADERS } from './client';
import { createFakeStore, type FakeStore } from './fake-store';

// The handler's own rules over a fake store: authentication order (docs/reporting-service.md), methods, unknown
// paths, X-Shop-Id, internal errors. Data rules run on the real store in conformance.test.ts.

let store: FakeStore;
let logged: Array<Record<string, unknown>>;

function setup(limits = { ratePerMinute: 1000, ipRatePerMinute: 1000 }) {
  const handler = createServiceHandler({ store, ...limits, logError: (_m, details) => logged.push(details) });
  return createClient(handler, { headers: DEMO_HEADERS });
}

beforeEach(() => {
  store = createFakeStore();
  logged = [];
});

const SCOPED = ['products', 'orders-by-product', 'refunds?startDate=0&endDate=86400'];
const ALL = ['shops', ...SCOPED];

describe('authentication', () => {
  it.each(ALL)('%s: a missing or empty X-App-Key / X-App-Secret is 401 MISSING_CREDENTIALS', async (path) => {
    const { fails } = setup();
    await fails(path, 'MISSING_CREDENTIALS', { headers: {} });
    await fails(path, 'MISSING_CREDENTIALS', { headers: { 'X-App-Key': 'demo-app-key' } });
    await fails(path, 'MISSING_CREDENTIALS', { headers: { 'X-App-Secret': 'demo-app-secret' } });
    await fails(path, 'MISSING_CREDENTIALS', { headers: { 'X-App-Key': 'demo-app-key', 'X-App-Secret': ' ' } });
  });

  it.each(ALL)('%s: a wrong key or a wrong secret is 401 INVALID_CREDENTIALS, with the same message', async (path) => {
    const { fails } = setup();
    const wrongKey = await fails(path, 'INVALID_CREDENTIALS', { headers: { ...DEMO_HEADERS, 'X-App-Key': 'nope' } });
    const wrongSecret = await fails(path, 'INVALID_CREDENTIALS', {
      headers: { ...DEMO_HEADERS, 'X-App-Secret': 'nope' },
    });
    // A key's secret is not another key's secret.
    await fails(path, 'INVALID_CREDENTIALS', { headers: { ...DEMO_HEADERS, 'X-App-Secret': 'basic-app-secret' } });
    expect(wrongKey.message).toBe(wrongSecret.message);
  });

  it.each(ALL)('%s: a valid key without the REST feature is 403 FEATURE_UNAVAILABLE', async (path) => {
    const { fails } = setup();
    await fails(path, 'FEATURE_UNAVAILABLE', { headers: { ...BASIC_HEADERS, 'X-Shop-Id': 'shop-us' } });
  });

  it('checks credentials before the query and the plan before X-Shop-Id', async () => {
    const { fails } = setup();
    await fails('orders-by-product?limit=abc', 'MISSING_CREDENTIALS', { headers: {} });
    await fails('orders-by-product?limit=abc', 'INVALID_CREDENTIALS', {
      headers: { ...DEMO_HEADERS, 'X-App-Secret': 'x' },
    });
    await fails('orders-by-product?limit=abc', 'FEATURE_UNAVAILABLE', { headers: BASIC_HEADERS });
  });

  it('never lets a secret or header into an error message', async () => {
    const { call } = setup();
    const { body } = await call('shops', { headers: { 'X-App-Key': 'demo-app-key', 'X-App-Secret': 'guess-123' } });
    expect(JSON.stringify(body)).not.toContain('guess-123');
  });
});

describe('X-Shop-Id (docs/ARCHITECTURE.md#error-body)', () => {
  it.each(SCOPED)('%s: missing or blank X-Shop-Id is 400 INVALID_REQUEST naming the header', async (path) => {
    const { fails } = setup();
    expect((await fails(path, 'INVALID_REQUEST')).message).toContain('X-Shop-Id');
    expect(
      (await fails(path, 'INVALID_REQUEST', { headers: { ...DEMO_HEADERS, 'X-Shop-Id': '  ' } })).message,
    ).toContain('X-Shop-Id');
  });

  it.each(SCOPED)('%s: a shop that is not the key’s is 404 SHOP_NOT_FOUND', async (path) => {
    const { fails } = setup();
    await fails(path, 'SHOP_NOT_FOUND', { headers: { ...DEMO_HEADERS, 'X-Shop-Id': 'shop-elsewhere' } });
  });

  it('the shop list ignores X-Shop-Id and never answers 404', async () => {
    const { ok } = setup();
    const page = await ok('shops', shopSchema, { headers: { ...DEMO_HEADERS, 'X-Shop-Id': 'shop-elsewhere' } });
    expect(page.items.map((s) => s.id)).toEqual(['shop-us', 'shop-gb']);
  });
});

describe('methods and paths', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'])('%s is 405 with Allow: GET', async (method) => {
    const { fails } = setup();
    for (const path of [...ALL, 'openapi.json']) {
      const { response } = await fails(path, 'METHOD_NOT_ALLOWED', { method });
      expect(response.headers.get('allow')).toBe('GET');
    }
  });

  it('an unknown path is 404 NOT_FOUND with the error body, even without credentials', async () => {
    const { fails } = setup();
    for (const path of ['orders', '', 'shops/extra', 'constructor', '__proto__', 'SHOPS']) {
      await fails(path, 'NOT_FOUND', { headers: {} });
    }
  });

  it('accepts a trailing slash', async () => {
    const { ok } = setup();
    expect((await ok('shops/', shopSchema)).items).toHaveLength(2);
  });

  it('serves the OpenAPI document without credentials', async () => {
    const { call } = setup();
    const { response, body } = await call('openapi.json', { headers: {} });
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ openapi: '3.1.0' });
  });
});

describe('unexpected errors', () => {
  it('answers 500 INTERNAL_ERROR without internals and logs them without headers', async () => {
    const { fails } = setup();
    store.failWith = new Error('SQLITE_CORRUPT: database disk image is malformed at svc_order');
    const { message } = await fails('orders-by-product', 'INTERNAL_ERROR', {
      headers: { ...DEMO_HEADERS, 'X-Shop-Id': 'shop-us' },
    });
    expect(message).not.toMatch(/SQLITE|svc_order|malformed/);
    expect(message).toMatch(/request id [0-9a-f-]{36}/);
    expect(logged).toHaveLength(1);
    const log = JSON.stringify(logged[0]);
    expect(log).toContain('SQLITE_CORRUPT');
    expect(log).not.toContain('demo-app-secret');
    expect(log).toContain(message.match(/request id ([0-9a-f-]+)/)?.[1]);
  });

  it('answers 500 when the credential lookup itself fails', async () => {
    const { fails } = setup();
    store.findCredential = async () => {
      throw new Error('connection refused');
    };
    await fails('shops', 'INTERNAL_ERROR');
  });
});
