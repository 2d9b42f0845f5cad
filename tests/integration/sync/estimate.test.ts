import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SyncEngine } from '@/lib/sync/engine';
import { estimateRead, ASK_OVER_DAYS } from '@/lib/sync/estimate';
import { addDays, dayCount, eachShopDay, shopDayEnd, shopDayStart, shopLocalDate } from '@/lib/time';
import { clientFor, freshStore, startService, upstreamOrders, type ServiceFixture } from '@/tests/support/sync/harness';

// A long first read is estimated before it spends the key's budget (lib/sync/estimate): the shop's
// first order ends the days that are never read, and the estimate's pages are near the read's own.

describe('the estimate of a first read', () => {
  let svc: ServiceFixture;
  let today: string;
  let firstDay: string;

  beforeAll(async () => {
    svc = await startService({ orders: 3_000 });
    today = shopLocalDate(Math.floor(Date.now() / 1000), svc.shop.timezone);
    const first = await svc.service.listOrders(svc.shop.id, { page: 1, limit: 1, sort: 'ASC' });
    firstDay = shopLocalDate(first.items[0]!.createTime, svc.shop.timezone);
  });
  afterAll(() => svc.close());

  const shop = () => ({ id: svc.shop.id, timezone: svc.shop.timezone });

  it('asks before a range reaching far before the first order, stores the days before it as empty, and estimates the pages the read then fetches', async () => {
    const { store, close } = await freshStore(svc.dir);
    try {
      const range = { from: addDays(firstDay, -400), to: today };
      const { client, requests } = clientFor(svc.handler);
      const estimate = await estimateRead({ store, client, budgetPerMinute: 10, now: Date.now() }, shop(), range);
      expect(requests.total).toBe(1);
      expect(estimate).not.toBeNull();
      expect(estimate!.firstOrderDay).toBe(firstDay);
      expect(estimate!.days).toBe(dayCount(firstDay, today));
      // The days before the first order are stored (empty); none from it on.
      const covered = await store.coverage(svc.shop.id, range.from, today);
      expect([...covered.keys()].sort()).toEqual(eachShopDay(range.from, addDays(firstDay, -1)));
      // At 10 requests a minute, a read of this many pages takes longer than a few minutes.
      expect(estimate!.minutes).toBe(Math.ceil(estimate!.pages / 10));
      expect(estimate!.ask).toBe(true);

      // The read itself: never a page before the first order, and about as many pages as estimated.
      const reading = clientFor(svc.handler);
      const engine = new SyncEngine({ store, client: reading.client });
      await engine.sync(shop(), range);
      const firstStart = shopDayStart(firstDay, svc.shop.timezone);
      const windowStarts = reading.requests.urls
        .filter((u) => u.searchParams.has('startDate'))
        .map((u) => Number(u.searchParams.get('startDate')));
      expect(windowStarts.length).toBeGreaterThan(0);
      expect(Math.min(...windowStarts)).toBeGreaterThanOrEqual(firstStart);
      const dataPages = windowStarts.length;
      expect(estimate!.pages).toBeGreaterThanOrEqual(dataPages / 2);
      expect(estimate!.pages).toBeLessThanOrEqual(dataPages * 2);
      const stored = await store.db
        .selectFrom('st_order')
        .select('order_id')
        .where('shop_id', '=', svc.shop.id)
        .execute();
      const upstream = await upstreamOrders(svc.service, svc.shop.id, firstStart, shopDayEnd(today, svc.shop.timezone));
      expect(stored.length).toBe(upstream.length);
      // Once stored, the range is not asked about again, and no request is spent to know it.
      const again = clientFor(svc.handler);
      expect(
        await estimateRead({ store, client: again.client, budgetPerMinute: 10, now: Date.now() }, shop(), range),
      ).toBeNull();
      expect(again.requests.total).toBe(0);
    } finally {
      await close();
    }
  });

  it('does not ask about a range of at most 366 days whose read fits in a few minutes of the budget', async () => {
    const { store, close } = await freshStore(svc.dir);
    try {
      const from = addDays(today, -(ASK_OVER_DAYS - 1));
      const { client } = clientFor(svc.handler);
      const estimate = await estimateRead({ store, client, budgetPerMinute: 1_000, now: Date.now() }, shop(), {
        from,
        to: today,
      });
      expect(estimate).not.toBeNull();
      expect(estimate!.minutes).toBeLessThanOrEqual(5);
      expect(estimate!.ask).toBe(false);
    } finally {
      await close();
    }
  });

  it('spends no request on a preset-sized range or a range wholly in the future', async () => {
    const { store, close } = await freshStore(svc.dir);
    try {
      const { client, requests } = clientFor(svc.handler);
      const deps = { store, client, budgetPerMinute: 1, now: Date.now() };
      expect(await estimateRead(deps, shop(), { from: addDays(today, -29), to: today })).toBeNull();
      expect(await estimateRead(deps, shop(), { from: addDays(today, 1), to: addDays(today, 900) })).toBeNull();
      expect(requests.total).toBe(0);
    } finally {
      await close();
    }
  });
});
