import { beforeEach, describe, expect, it } from 'vitest';
import { createServiceHandler } from '@/lib/service/handler';
import { BASIC_HEADERS, createClient, DEMO_HEADERS } from './client';
import { createFakeStore } from './fake-store';

// docs/reporting-service.md, Errors and Limits: more than N requests in one minute for an app key (or a client IP) → 429 RATE_LIMITED
// with Retry-After; the window slides and frees a slot exactly when the oldest request ages out.

let clock: number;
const SECOND = 1000;

function setup(ratePerMinute: number, ipRatePerMinute: number) {
  const handler = createServiceHandler({ store: createFakeStore(), ratePerMinute, ipRatePerMinute, now: () => clock });
  return createClient(handler, { headers: DEMO_HEADERS });
}

beforeEach(() => {
  clock = 1_700_000_000_000;
});

describe('per app key', () => {
  it('accepts N requests in a minute, refuses the next with Retry-After, and accepts again after the window', async () => {
    const { call, fails } = setup(3, 1000);
    for (let i = 0; i < 3; i++) expect((await call('shops')).response.status).toBe(200);
    const first = await fails('shops', 'RATE_LIMITED');
    expect(first.response.headers.get('retry-after')).toBe('60');
    clock += 59.5 * SECOND;
    const later = await fails('shops', 'RATE_LIMITED');
    expect(later.response.headers.get('retry-after')).toBe('1');
    clock += 0.5 * SECOND;
    expect((await call('shops')).response.status).toBe(200);
  });

  it('slides: a slot frees when the oldest accepted request is a minute old, not at a minute boundary', async () => {
    const { call, fails } = setup(2, 1000);
    expect((await call('shops')).response.status).toBe(200); // t = 0
    clock += 30 * SECOND;
    expect((await call('shops')).response.status).toBe(200); // t = 30
    clock += 15 * SECOND;
    expect((await fails('shops', 'RATE_LIMITED')).response.headers.get('retry-after')).toBe('15');
    clock += 15 * SECOND; // t = 60: the first request left the window
    expect((await call('shops')).response.status).toBe(200);
    clock += 1 * SECOND; // t = 61: the t = 30 request is still inside
    expect((await fails('shops', 'RATE_LIMITED')).response.headers.get('retry-after')).toBe('29');
  });

  it('counts each key separately, and refused or unauthenticated requests do not spend the budget', async () => {
    const { call, fails } = setup(2, 1000);
    await fails('shops', 'INVALID_CREDENTIALS', { headers: { ...DEMO_HEADERS, 'X-App-Secret': 'wrong' } });
    expect((await call('shops')).response.status).toBe(200);
    expect((await call('shops')).response.status).toBe(200);
    for (let i = 0; i < 5; i++) await fails('shops', 'RATE_LIMITED');
    // Another key has its own budget (here it then meets its plan check).
    await fails('shops', 'FEATURE_UNAVAILABLE', { headers: BASIC_HEADERS });
    clock += 60 * SECOND;
    expect((await call('shops')).response.status).toBe(200);
  });

  it('limits every endpoint, also the ones answering errors after authentication', async () => {
    const { call, fails } = setup(2, 1000);
    await fails('products', 'INVALID_REQUEST'); // no X-Shop-Id, but authenticated: counted
    expect((await call('shops')).response.status).toBe(200);
    await fails('orders-by-product', 'RATE_LIMITED', { headers: { ...DEMO_HEADERS, 'X-Shop-Id': 'shop-us' } });
  });
});

describe('per client IP', () => {
  it('counts every request from the address, with or without credentials', async () => {
    const { call, fails } = setup(1000, 3);
    await fails('shops', 'MISSING_CREDENTIALS', { headers: {} });
    await fails('shops', 'INVALID_CREDENTIALS', { headers: { 'X-App-Key': 'x', 'X-App-Secret': 'y' } });
    expect((await call('shops')).response.status).toBe(200);
    const refused = await fails('shops', 'RATE_LIMITED');
    expect(refused.response.headers.get('retry-after')).toBe('60');
    // Even a request without credentials is refused now: the address is out of budget.
    await fails('shops', 'RATE_LIMITED', { headers: {} });
    // Another address is unaffected.
    expect((await call('shops', { ip: '10.0.0.2' })).response.status).toBe(200);
    clock += 60 * SECOND;
    expect((await call('shops')).response.status).toBe(200);
  });
});
