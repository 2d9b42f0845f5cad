import { beforeEach, describe, expect, it } from 'vitest';
import { createServiceHandler } from '@/lib/service/handler';
import { createClient, DEMO_HEADERS } from './client';
import { createFakeStore, type FakeStore } from './fake-store';

// Credentials and shop access are reused for a few seconds (lookup-cache.ts): a busy key does not
// query them on every request, yet a revoked key stops working within the TTL, and a key that was
// unknown works as soon as it exists.

let clock: number;
let store: FakeStore;

function setup() {
  const handler = createServiceHandler({
    store,
    ratePerMinute: 1000,
    ipRatePerMinute: 1000,
    now: () => clock,
    lookupTtlMs: 5000,
  });
  return createClient(handler, { headers: DEMO_HEADERS });
}

beforeEach(() => {
  clock = 1_700_000_000_000;
  store = createFakeStore();
});

describe('credential lookups', () => {
  it('reuses a found credential for the TTL, then asks the store again', async () => {
    const { call } = setup();
    for (let i = 0; i < 3; i++) expect((await call('shops')).response.status).toBe(200);
    expect(store.calls.filter((c) => c === 'findCredential:demo-app-key')).toHaveLength(1);
    clock += 5001;
    await call('shops');
    expect(store.calls.filter((c) => c === 'findCredential:demo-app-key')).toHaveLength(2);
  });

  it('a revoked key stops working once the TTL has passed', async () => {
    const { call, fails } = setup();
    expect((await call('shops')).response.status).toBe(200);
    store.revokeKey('demo-app-key');
    clock += 5001;
    await fails('shops', 'INVALID_CREDENTIALS');
  });

  it('never caches a miss: a new key works at once, and a wrong secret stays wrong while its key is cached', async () => {
    const { call, fails } = setup();
    const fresh = { 'X-App-Key': 'fresh-key', 'X-App-Secret': 'fresh-secret' };
    await fails('shops', 'INVALID_CREDENTIALS', { headers: fresh });
    store.addKey('fresh-key', 'fresh-secret');
    expect((await call('shops', { headers: fresh })).response.status).toBe(200);
    await fails('shops', 'INVALID_CREDENTIALS', { headers: { ...fresh, 'X-App-Secret': 'other' } });
  });
});
