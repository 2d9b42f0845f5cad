import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Shop } from '@/lib/contract';
import { settlementReport } from '@/lib/reports/settlement-report';
import type { SettlementCheck } from '@/lib/reports/settlement-report';
import type { OrderStore } from '@/lib/store/order-store';
import { SyncEngine } from '@/lib/sync/engine';
import { MemoryLock } from '@/lib/sync/lock';
import { RefreshPolicy } from '@/lib/sync/refresh';
import { addDays, eachShopDay, shopDayEnd, shopDayStart, shopLocalDate } from '@/lib/time';
import { routesFixture } from '@/tests/support/api/routes-fixture';
import { localDayOf, readShop } from '@/tests/support/oracle/recount';
import {
  clientFor,
  DEMO_KEY,
  DEMO_SECRET,
  freshStore,
  startService,
  type ClientFixture,
  type ServiceFixture,
  type StoreFixture,
} from '@/tests/support/sync/harness';
import { body, call, signedInCookie } from '@/tests/integration/api/support';

// Orders settle weeks after they are placed; the settlement check (a person's "Check settlements
// now", and the refresh policy every two hours) counts SETTLED orders per span and reads again the
// days whose count changed. A shop stores days −59…−11 and −7…−1 (a gap of three days between, and
// day −60 never read); the service's settlement clock moves 15 days ahead, so orders of many days
// settle, the gap's too. The check must read exactly the stored days that changed: no gap day, no
// day −60, no catalog, no unchanged day; the store keeps the days it had. A person's check answers
// after that re-read, so the figures asked for next are already the final ones.

const { POST: checkRoute } = await import('@/app/api/dashboard/shops/[shopId]/settlement/check/route');

const DAY_MS = 86_400_000;
const AHEAD_MS = 15 * DAY_MS;

/** Today's shop-local date and the day `n` days from it. */
const dayOf = (shop: Shop, n: number) => addDays(shopLocalDate(Math.floor(Date.now() / 1000), shop.timezone), n);

/** Every day the shop has stored, in the year before today. */
async function storedDays(store: OrderStore, shop: Shop): Promise<string[]> {
  return [...(await store.coverage(shop.id, dayOf(shop, -400), dayOf(shop, 0))).keys()].sort();
}

interface Sent {
  kind: 'shops' | 'catalog' | 'count' | 'page';
  days: string[];
}

/**
 * What each request since `from` asked for: the shop list (a route finds its shop), the catalog, a
 * limit=1 count, or a page of a span's orders or refunds.
 */
function sentSince(requests: ClientFixture['requests'], from: number, shop: Shop): Sent[] {
  return requests.urls.slice(from).map((url) => {
    if (url.pathname.endsWith('/shops')) return { kind: 'shops', days: [] };
    if (url.pathname.endsWith('/products')) return { kind: 'catalog', days: [] };
    const [start, end] = ['startDate', 'endDate'].map((k) => Number(url.searchParams.get(k)));
    const days = eachShopDay(shopLocalDate(start!, shop.timezone), shopLocalDate(end!, shop.timezone));
    return { kind: url.searchParams.get('limit') === '1' ? 'count' : 'page', days };
  });
}

/** Per shop-local day, how many of the orders are SETTLED. */
function settledPerDay(orders: readonly { createTime: number; orderType: string }[], shop: Shop): Map<string, number> {
  const out = new Map<string, number>();
  for (const o of orders) {
    const day = localDayOf(o.createTime, shop.timezone);
    if (o.orderType === 'SETTLED') out.set(day, (out.get(day) ?? 0) + 1);
  }
  return out;
}

/** The stored SETTLED orders of each of the days (days without one left out). */
async function storedSettledPerDay(
  store: OrderStore,
  shop: Shop,
  days: readonly string[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const day of days) {
    const n = await store.countOrders(
      shop.id,
      shopDayStart(day, shop.timezone),
      shopDayEnd(day, shop.timezone),
      'SETTLED',
    );
    if (n > 0) out.set(day, n);
  }
  return out;
}

/** Syncs days −59…−11 and −7…`lastDay`: a gap of three days, and day −60 never read. */
async function syncWithGap(engine: SyncEngine, shop: Shop, lastDay: number): Promise<void> {
  await engine.sync(shop, { from: dayOf(shop, -59), to: dayOf(shop, -11) });
  await engine.sync(shop, { from: dayOf(shop, -7), to: dayOf(shop, lastDay) });
}

const GAP_AND_BEYOND = (shop: Shop) => [dayOf(shop, -60), dayOf(shop, -10), dayOf(shop, -9), dayOf(shop, -8)];

describe('a person’s settlement check (POST /settlement/check)', () => {
  const clock = { ms: Date.now() };
  const fixture = routesFixture({ orders: 1_200, postgres: false, settleClock: () => clock.ms });
  let shop: Shop;

  beforeAll(async () => {
    shop = fixture.shops[0]!;
    await syncWithGap(fixture.engine, shop, -1);
  }, 180_000);

  it('answers after reading exactly the stored days that changed, with the figures already final', async () => {
    const store = fixture.store;
    const before = await storedDays(store, shop);
    expect(before).not.toEqual(expect.arrayContaining([GAP_AND_BEYOND(shop)[0]]));
    const range = { from: dayOf(shop, -60), to: dayOf(shop, -1) };
    const observedBefore = (await settlementReport(store.db, shop.id, range)).observed.overall.orders;
    const cookie = await signedInCookie();

    clock.ms += AHEAD_MS;
    const from = fixture.requests.urls.length;
    const response = await call(checkRoute, `/api/dashboard/shops/${shop.id}/settlement/check`, {
      method: 'POST',
      params: { shopId: shop.id },
      cookie,
      headers: { origin: 'http://127.0.0.1:3200' },
    });
    expect(response.status).toBe(200);
    const check = (await body<{ data: SettlementCheck }>(response)).data;
    // What was sent before the answer, and the figures a page asks for right after it.
    const sent = sentSince(fixture.requests, from, shop);
    const answered = await settlementReport(store.db, shop.id, range);

    expect(check.state).toBe('checked');
    expect(check.changedDays.length).toBeGreaterThan(10);
    // Only stored days are named: none of the gap, not day −60.
    for (const day of check.changedDays) expect(before).toContain(day);
    // The counts span stored days only; the pages read are the changed days', all of them, and nothing else.
    expect(sent.filter((s) => s.kind === 'catalog')).toEqual([]);
    for (const s of sent.filter((r) => r.kind === 'count')) for (const day of s.days) expect(before).toContain(day);
    const read = new Set(sent.filter((s) => s.kind === 'page').flatMap((s) => s.days));
    expect([...read].sort()).toEqual(check.changedDays);

    // The answer came after the re-read: nothing is left to read, and later figures are the same.
    await fixture.engine.idle(shop.id);
    expect(fixture.requests.urls.length - from).toBe(sent.length);
    const after = await settlementReport(store.db, shop.id, range);
    expect(answered.observed.overall.orders).toBeGreaterThan(observedBefore);
    expect(answered.observed).toEqual(after.observed);
    expect(answered.forecast).toEqual(after.forecast);
    expect(await storedDays(store, shop)).toEqual(before);
  }, 120_000);
});

describe('the refresh policy’s settlement check', () => {
  const clock = { ms: Date.now() };
  let svc: ServiceFixture;
  let stored: StoreFixture;
  let client: ClientFixture;
  let engine: SyncEngine;
  let policy: RefreshPolicy;

  beforeAll(async () => {
    svc = await startService({ orders: 1_200, settleClock: () => clock.ms });
    stored = await freshStore(svc.dir);
    client = clientFor(svc.handler);
    engine = new SyncEngine({ store: stored.store, client: client.client });
    // Today is stored too: its refresh is not due, so the policy's next task is the settlement check.
    await syncWithGap(engine, svc.shop, 0);
    policy = new RefreshPolicy({ engine, store: stored.store, lock: new MemoryLock() });
  }, 180_000);
  afterAll(async () => {
    await policy?.stop();
    await engine?.stop();
    await stored?.close();
    await svc?.close();
  });

  it('reads again exactly the stored days whose orders settled, and stores no other day', async () => {
    const { shop } = svc;
    const { store } = stored;
    const before = await storedDays(store, shop);
    const settledBefore = await storedSettledPerDay(store, shop, before);

    clock.ms += AHEAD_MS;
    const from = client.requests.urls.length;
    expect((await policy.tick()).map((t) => t.kind)).toEqual(['unsettled']);
    // The check lasts until its re-read is stored: the shop counts as refreshing until then.
    await vi.waitFor(async () => expect((await policy.freshness())[0]!.running).toBe(false), {
      timeout: 90_000,
      interval: 200,
    });
    const sent = sentSince(client.requests, from, shop);

    expect(await storedDays(store, shop)).toEqual(before);
    // The re-read's progress says it is the settlement check's.
    expect((await engine.progress(shop.id)).why).toBe('settlement');
    expect(sent.filter((s) => s.kind === 'catalog')).toEqual([]);
    for (const s of sent.filter((r) => r.kind === 'count')) for (const day of s.days) expect(before).toContain(day);
    const read = [...new Set(sent.filter((s) => s.kind === 'page').flatMap((s) => s.days))].sort();
    for (const day of GAP_AND_BEYOND(shop)) expect(read).not.toContain(day);

    // Every stored day now agrees with the service; the days read are those whose SETTLED count moved.
    const fetch = (request: Request) => svc.handler.handle(request, { clientIp: '127.0.0.1' });
    const upstream = await readShop(
      fetch,
      DEMO_KEY,
      DEMO_SECRET,
      shop.id,
      shop.timezone,
      shopDayStart(before[0]!, shop.timezone),
      shopDayEnd(before[before.length - 1]!, shop.timezone),
    );
    const upstreamSettled = settledPerDay(upstream.orders, shop);
    const settledAfter = await storedSettledPerDay(store, shop, before);
    for (const day of before) expect(settledAfter.get(day) ?? 0, day).toBe(upstreamSettled.get(day) ?? 0);
    const moved = before.filter((day) => (settledBefore.get(day) ?? 0) !== (settledAfter.get(day) ?? 0));
    expect(moved.length).toBeGreaterThan(10);
    expect(read).toEqual(moved);
  }, 120_000);
});
