import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as listShops } from '@/app/api/dashboard/shops/route';
import { GET as listOrders } from '@/app/api/dashboard/shops/[shopId]/orders/route';
import { GET as listProducts } from '@/app/api/dashboard/shops/[shopId]/products/route';
import { GET as listRefunds } from '@/app/api/dashboard/shops/[shopId]/refunds/route';
import { setUpstreamClientForTests } from '@/lib/server/upstream';
import { serverConfig } from '@/lib/config/env';
import { UpstreamError } from '@/lib/upstream/errors';
import type { UpstreamErrorCode } from '@/lib/upstream/types';
import { body, call, fakeClient, SHOPS, type ErrorEnvelope } from './support';
import { signedInCookie } from './support';
import { logger } from '@/lib/log';

let cookie = '';
beforeAll(async () => {
  cookie = await signedInCookie();
});
afterEach(() => {
  setUpstreamClientForTests(undefined);
  vi.restoreAllMocks();
});

const orders = (query = '', shopId = 'shop-us') =>
  call(listOrders, `/api/dashboard/shops/${shopId}/orders${query}`, { cookie, params: { shopId } });

describe('input validation: 400 naming the parameter', () => {
  it.each([
    ['?limit=7', /^limit: must be one of 10, 25, 50, 100/],
    ['?page=0', /^page: /],
    ['?page=abc', /^page: must be a positive integer/],
    ['?sort=up', /^sort: must be desc or asc/],
    ['?range=last-week', /^range: must be one of today, /],
    ['?from=2025-01-01', /^to: is required for a custom range/],
    ['?from=2025-02-30&to=2025-03-01', /^from: is not a calendar date/],
    ['?from=2025-03-01&to=2025-01-01', /^to: must not be earlier than from/],
    ['?range=last-7-days&from=2025-01-01&to=2025-01-02', /^range: give either a preset range or from and to/],
    ['?from=2015-01-01&to=2025-01-01', /^to: the range may span at most 1830 days/],
    ['?orderType=PAID', /^orderType: must be SETTLED, UNSETTLED or DRAFT/],
    ['?sampleOrder=maybe', /^sampleOrder: must be YES or NO/],
    [`?name=${'x'.repeat(201)}`, /^name: must be at most 200 characters/],
  ])('orders%s', async (query, message) => {
    const client = fakeClient();
    setUpstreamClientForTests(client);
    const response = await orders(query);
    expect(response.status).toBe(400);
    const { error } = await body<ErrorEnvelope>(response);
    expect(error.code).toBe('INVALID_REQUEST');
    expect(error.message).toMatch(message);
    expect(client.calls.orders).toHaveLength(0);
  });

  it('refunds and products validate too', async () => {
    setUpstreamClientForTests(fakeClient());
    const refunds = await call(listRefunds, '/api/dashboard/shops/shop-us/refunds?to=2025-01-01', {
      cookie,
      params: { shopId: 'shop-us' },
    });
    expect((await body<ErrorEnvelope>(refunds)).error.message).toMatch(/^from: is required/);
    const products = await call(listProducts, '/api/dashboard/shops/shop-us/products?limit=1000', {
      cookie,
      params: { shopId: 'shop-us' },
    });
    expect(products.status).toBe(400);
    expect((await body<ErrorEnvelope>(products)).error.message).toMatch(/^limit: /);
  });

  it('a shop id with spaces or control characters is refused before any upstream call', async () => {
    const client = fakeClient();
    setUpstreamClientForTests(client);
    const response = await orders('', 'shop us\r\nX-Evil: 1');
    expect(response.status).toBe(400);
    expect((await body<ErrorEnvelope>(response)).error.message).toMatch(/^shopId: /);
    expect(client.calls.shops).toBe(0);
  });
});

describe('the shop check', () => {
  it('answers 404 SHOP_NOT_FOUND for a shop outside the key, without a shop-scoped upstream call', async () => {
    const client = fakeClient();
    setUpstreamClientForTests(client);
    for (const handler of [listOrders, listProducts, listRefunds]) {
      const response = await call(handler, '/api/dashboard/shops/shop-zz/x', { cookie, params: { shopId: 'shop-zz' } });
      expect(response.status).toBe(404);
      expect((await body<ErrorEnvelope>(response)).error).toEqual({
        code: 'SHOP_NOT_FOUND',
        message: 'This shop is not among the shops you can open.',
        requestId: response.headers.get('x-request-id'),
      });
    }
    expect(client.calls.orders).toHaveLength(0);
    expect(client.calls.products).toHaveLength(0);
    expect(client.calls.refunds).toHaveLength(0);
    // The shop list was read once and served from the short cache afterwards.
    expect(client.calls.shops).toBe(1);
  });

  it('shops lists every shop with its currency and filters by name, case-insensitively', async () => {
    setUpstreamClientForTests(fakeClient());
    const all = await body<{ data: { items: { id: string; currency: string }[] } }>(
      await call(listShops, '/api/dashboard/shops', { cookie }),
    );
    expect(all.data.items.map((s) => [s.id, s.currency])).toEqual([
      ['shop-us', 'USD'],
      ['shop-gb', 'GBP'],
    ]);
    const uk = await body<{ data: { items: { id: string }[] } }>(
      await call(listShops, '/api/dashboard/shops?name=acme%20uk', { cookie }),
    );
    expect(uk.data.items.map((s) => s.id)).toEqual(['shop-gb']);
  });
});

describe('orders: the range is resolved in the shop time zone', () => {
  it('sends shop-local midnight to end of day as Unix seconds, with the filters and paging', async () => {
    const client = fakeClient();
    setUpstreamClientForTests(client);
    const response = await orders('?from=2025-03-01&to=2025-03-31&limit=50&page=2&sort=asc&status=COMPLETED&skuId=%20');
    expect(response.status).toBe(200);
    const { data } = await body<{ data: { range: unknown; pagination: unknown } }>(response);
    // Los Angeles: PST (UTC-8) on March 1st; PDT (UTC-7) by March 31st.
    const startDate = Date.UTC(2025, 2, 1, 8) / 1000;
    const endDate = Date.UTC(2025, 3, 1, 7) / 1000 - 1;
    expect(data.range).toEqual({
      preset: 'custom',
      timeZone: 'America/Los_Angeles',
      from: '2025-03-01',
      to: '2025-03-31',
      startDate,
      endDate,
    });
    expect(client.calls.orders).toEqual([
      {
        shopId: 'shop-us',
        query: {
          startDate,
          endDate,
          sort: 'ASC',
          page: 2,
          limit: 50,
          status: 'COMPLETED',
          skuId: undefined,
          orderNumber: undefined,
          productId: undefined,
          name: undefined,
          skuName: undefined,
          orderType: undefined,
          sampleOrder: undefined,
        },
      },
    ]);
  });

  it('defaults to the last 30 days, 25 a page, newest first', async () => {
    const client = fakeClient();
    setUpstreamClientForTests(client);
    const { data } = await body<{ data: { range: { preset: string; from: string; to: string } } }>(await orders());
    expect(data.range.preset).toBe('last-30-days');
    expect(client.calls.orders[0]).toMatchObject({ query: { page: 1, limit: 25, sort: 'DESC' } });
  });
});

describe('refunds', () => {
  it('lists every day of the range ascending, zeros included, with totals summed in cents', async () => {
    const tz = 'Europe/London';
    const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000; // London is on GMT in January
    const details = (v: number) => ({
      grossSalesRefund: v,
      sellerDiscountRefund: 0,
      refundAdministrationFee: 0,
      returnShippingFee: 0,
      returnShippingLabelFee: 0,
      returnShippingFeePaidBuyer: 0,
      returnShippingFeeReimbursement: 0,
    });
    const rows = [
      { date: day('2025-01-02'), value: -0.1, details: details(-0.1) },
      { date: day('2025-01-04'), value: -0.2, details: details(-0.2) },
    ];
    setUpstreamClientForTests(
      fakeClient({
        async refunds() {
          return { items: rows, pagination: { page: 1, limit: 100, total: 2, totalPages: 1 } };
        },
      }),
    );
    const response = await call(listRefunds, '/api/dashboard/shops/shop-gb/refunds?from=2025-01-01&to=2025-01-05', {
      cookie,
      params: { shopId: 'shop-gb' },
    });
    expect(response.status).toBe(200);
    const { data } = await body<{
      data: { items: { day: string; value: number }[]; totals: { value: number }; range: { timeZone: string } };
    }>(response);
    expect(data.items.map((d) => [d.day, d.value])).toEqual([
      ['2025-01-01', 0],
      ['2025-01-02', -0.1],
      ['2025-01-03', 0],
      ['2025-01-04', -0.2],
      ['2025-01-05', 0],
    ]);
    // -0.1 + -0.2 in floating point is -0.30000000000000004; in cents it is exact.
    expect(data.totals.value).toBe(-0.3);
    expect(data.range.timeZone).toBe(tz);
  });
});

const SECRET = serverConfig().upstream.appSecret;

const upstreamCases: [UpstreamErrorCode, number, string, RegExp, string | null][] = [
  [
    'FEATURE_UNAVAILABLE',
    403,
    'FEATURE_UNAVAILABLE',
    /^The REST API is not included in your plan\. Enable the REST API feature/,
    null,
  ],
  [
    'INVALID_CREDENTIALS',
    502,
    'UPSTREAM_CREDENTIALS',
    /^The dashboard's server credentials for the Reporting Service are wrong\. Check UPSTREAM_APP_KEY and UPSTREAM_APP_SECRET\.$/,
    null,
  ],
  ['MISSING_CREDENTIALS', 502, 'UPSTREAM_CREDENTIALS', /credentials for the Reporting Service are wrong/, null],
  [
    'RATE_LIMITED',
    503,
    'RATE_LIMITED',
    /^The Reporting Service is busy \(rate limit\), even after waiting for it\. Try again in a moment\.$/,
    '17',
  ],
  ['SHOP_NOT_FOUND', 404, 'SHOP_NOT_FOUND', /^This shop is not among the shops you can open\.$/, null],
  [
    'INTERNAL_ERROR',
    502,
    'UPSTREAM_UNAVAILABLE',
    /^The Reporting Service isn't responding right now\. Try again in a moment\.$/,
    null,
  ],
  ['UPSTREAM_UNAVAILABLE', 502, 'UPSTREAM_UNAVAILABLE', /isn't responding right now/, null],
  [
    'BAD_UPSTREAM_PAYLOAD',
    502,
    'BAD_UPSTREAM_PAYLOAD',
    /^The Reporting Service sent data we could not read \(field data\.items\[3\]\.paidTime\)\.$/,
    null,
  ],
  ['INVALID_REQUEST', 400, 'INVALID_REQUEST', /^The Reporting Service rejected the request: /, null],
];

describe('every upstream error → status, code and a message a seller understands', () => {
  // The catalog is a view only the upstream answers: its failures are the answer.
  it.each(upstreamCases)('%s → %i %s', async (upstreamCode, status, code, message, retryAfter) => {
    vi.spyOn(logger(), 'warn').mockImplementation(() => {});
    setUpstreamClientForTests(
      fakeClient({
        async products() {
          throw new UpstreamError({
            code: upstreamCode,
            requestPath: '/api/v1/products?page=1',
            // A hostile upstream echoing the secret must not get it through to the browser.
            message:
              upstreamCode === 'BAD_UPSTREAM_PAYLOAD'
                ? 'The upstream payload does not match the contract: data.items[3].paidTime: expected number, received string'
                : `upstream said ${SECRET}`,
            field: upstreamCode === 'BAD_UPSTREAM_PAYLOAD' ? 'data.items[3].paidTime' : undefined,
            retryAfterSeconds: upstreamCode === 'RATE_LIMITED' ? 17 : undefined,
          });
        },
      }),
    );
    const response = await call(listProducts, '/api/dashboard/shops/shop-us/products', {
      cookie,
      params: { shopId: 'shop-us' },
    });
    expect(response.status).toBe(status);
    const text = await response.text();
    expect(text).not.toContain(SECRET);
    const { error } = JSON.parse(text) as ErrorEnvelope;
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
    expect(error.requestId).toBe(response.headers.get('x-request-id'));
    expect(response.headers.get('retry-after')).toBe(retryAfter);
  });

  it.each([
    ['RATE_LIMITED', 'stored-part-busy'],
    ['UPSTREAM_UNAVAILABLE', 'stored-part-down'],
    ['INTERNAL_ERROR', 'stored-part-down'],
  ] as const)('orders: a %s upstream answers 200 with the stored part, marked %s', async (upstreamCode, source) => {
    setUpstreamClientForTests(
      fakeClient({
        async orders() {
          throw new UpstreamError({ code: upstreamCode, requestPath: '/api/v1/orders-by-product', message: SECRET });
        },
      }),
    );
    const response = await orders('?range=custom&from=2020-01-01&to=2020-01-02');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(SECRET);
    expect(JSON.parse(text).data).toMatchObject({ source, needsSync: true, items: [] });
  });

  it('an unexpected error is a 500 with a request id, logged once without secrets', async () => {
    const log = vi.spyOn(logger(), 'error').mockImplementation(() => {});
    setUpstreamClientForTests(
      fakeClient({
        async products() {
          throw new TypeError(`boom near ${SECRET}`);
        },
      }),
    );
    const response = await call(listProducts, '/api/dashboard/shops/shop-us/products', {
      cookie,
      params: { shopId: 'shop-us' },
    });
    expect(response.status).toBe(500);
    const { error } = await body<ErrorEnvelope>(response);
    expect(error.code).toBe('INTERNAL_ERROR');
    expect(error.message).not.toContain('boom');
    expect(error.requestId).toMatch(/^[0-9a-f]{16}$/);
    // The answer names the same id in its header, for a person to quote.
    expect(response.headers.get('x-request-id')).toBe(error.requestId);
    expect(log).toHaveBeenCalledTimes(1);
    const line = JSON.stringify(log.mock.calls[0]);
    expect(line).toContain(error.requestId);
    expect(line).toContain('GET /api/dashboard/shops/[shopId]/products');
    expect(line).toContain('TypeError');
    expect(line).not.toContain(SECRET);
  });

  it('maps an UpstreamError thrown by another copy of the class (a second bundler chunk)', async () => {
    vi.spyOn(logger(), 'warn').mockImplementation(() => {});
    class CopiedUpstreamError extends Error {
      override name = 'UpstreamError';
      readonly code = 'INVALID_CREDENTIALS';
      readonly requestPath = '/api/v1/shops';
    }
    setUpstreamClientForTests(
      fakeClient({
        async shops() {
          throw new CopiedUpstreamError('The upstream answered 401 INVALID_CREDENTIALS');
        },
      }),
    );
    const response = await call(listShops, '/api/dashboard/shops', { cookie });
    expect(response.status).toBe(502);
    expect((await body<ErrorEnvelope>(response)).error.code).toBe('UPSTREAM_CREDENTIALS');
  });

  it('a shop the upstream no longer knows drops the cached shop list', async () => {
    vi.spyOn(logger(), 'warn').mockImplementation(() => {});
    const client = fakeClient({
      async refunds() {
        throw new UpstreamError({ code: 'SHOP_NOT_FOUND', requestPath: '/api/v1/refunds', message: 'gone' });
      },
    });
    setUpstreamClientForTests(client);
    await orders();
    const before = client.calls.shops;
    await call(listRefunds, '/api/dashboard/shops/shop-us/refunds', { cookie, params: { shopId: 'shop-us' } });
    await orders();
    expect(client.calls.shops).toBe(before + 1);
    expect(SHOPS).toHaveLength(2);
  });
});
