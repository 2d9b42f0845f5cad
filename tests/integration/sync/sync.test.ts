import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SyncEngine } from '@/lib/sync/engine';
import { addDays, shopDayEnd, shopDayStart, shopLocalDate } from '@/lib/time';
import { clientFor, freshStore, startService, upstreamOrders, type ServiceFixture } from '@/tests/support/sync/harness';
import type { OrderStore } from '@/lib/store/order-store';

const usePostgres = [false, ...(process.env.TEST_DATABASE_URL ? [true] : [])];

async function storedOrderIds(store: OrderStore, shopId: string): Promise<string[]> {
  const rows = await store.db.selectFrom('st_order').select('order_id').where('shop_id', '=', shopId).execute();
  return rows.map((r) => r.order_id).sort();
}

async function lineCount(store: OrderStore): Promise<number> {
  const row = await store.db
    .selectFrom('st_sku_daily')
    .select(sql<number>`sum(lines)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}

describe.each(usePostgres)('sync against the embedded service (postgres: %s)', (postgres) => {
  let svc: ServiceFixture;
  let today: string;
  let range: { from: string; to: string };
  let expectedIds: string[];
  let expectedLines: number;

  beforeAll(async () => {
    svc = await startService({ orders: 3_000 });
    today = shopLocalDate(Math.floor(Date.now() / 1000), svc.shop.timezone);
    range = { from: addDays(today, -59), to: today };
    const orders = await upstreamOrders(
      svc.service,
      svc.shop.id,
      shopDayStart(range.from, svc.shop.timezone),
      shopDayEnd(today, svc.shop.timezone),
    );
    expectedIds = orders.map((o) => o.id).sort();
    expectedLines = orders.reduce((acc, o) => acc + o.products.length, 0);
  });
  afterAll(() => svc.close());

  it('ends with exactly the upstream orders after a sync is killed and a new engine resumes it', async () => {
    const { store, close } = await freshStore(svc.dir, postgres);
    try {
      expect(expectedIds.length).toBeGreaterThan(300); // enough pages to stop mid-way
      const first = clientFor(svc.handler);
      let pages = 0;
      // Which page of which window each request asks for: the resumed run must not ask again for
      // the page the killed run began with (it may begin a window of its own at page 1, when the
      // killed run's last page ended a window: how many of today's orders exist moves by the hour).
      const pageOf = (query: Parameters<typeof first.client.orders>[1]) =>
        `${query?.orderType} ${query?.startDate}–${query?.endDate} page ${query?.page ?? 1}`;
      let firstAsked: string | undefined;
      const counting = {
        ...first.client,
        orders: async (...args: Parameters<typeof first.client.orders>) => {
          firstAsked ??= pageOf(args[1]);
          const page = await first.client.orders(...args);
          if (++pages === 3) void engine.stop();
          return page;
        },
      };
      const engine = new SyncEngine({ store, client: counting, prefetch: 1 });
      // Opening a report starts the sync and answers at once with its progress.
      const started = await engine.ensure(svc.shop, range);
      expect(started.running).toBe(true);
      expect((await engine.coverage(svc.shop, range)).complete).toBe(false);
      await engine.idle(svc.shop.id);
      const stopped = await storedOrderIds(store, svc.shop.id);
      expect(stopped.length).toBeGreaterThan(0);
      expect(stopped.length).toBeLessThan(expectedIds.length);
      expect((await engine.progress(svc.shop.id)).state).toBe('running'); // the checkpoint survives the crash

      const second = clientFor(svc.handler);
      const requestedPages: string[] = [];
      const watching = {
        ...second.client,
        orders: async (...args: Parameters<typeof second.client.orders>) => {
          requestedPages.push(pageOf(args[1]));
          return second.client.orders(...args);
        },
      };
      const resumed = await new SyncEngine({ store, client: watching }).sync(svc.shop, range);
      expect(resumed.state).toBe('done');
      expect(firstAsked).toBeDefined();
      expect(requestedPages.length).toBeGreaterThan(0);
      expect(requestedPages).not.toContain(firstAsked); // it did not start over
      expect(await storedOrderIds(store, svc.shop.id)).toEqual(expectedIds);
      expect(await lineCount(store)).toBe(expectedLines);
      expect((await new SyncEngine({ store, client: second.client }).coverage(svc.shop, range)).complete).toBe(true);
    } finally {
      await close();
    }
  });

  it('completes against injected 429 and 500 faults', async () => {
    const { store, close } = await freshStore(svc.dir, postgres);
    try {
      const faulty = clientFor(svc.handler, { every429: 7, every500: 5 });
      const progress = await new SyncEngine({ store, client: faulty.client }).sync(svc.shop, range);
      expect(progress.state).toBe('done');
      expect(faulty.requests.faults429).toBeGreaterThan(0);
      expect(faulty.requests.faults500).toBeGreaterThan(0);
      expect(await storedOrderIds(store, svc.shop.id)).toEqual(expectedIds);
      expect(await lineCount(store)).toBe(expectedLines);
    } finally {
      await close();
    }
  });

  it('re-syncs without duplicating and skips fresh days', async () => {
    const { store, close } = await freshStore(svc.dir, postgres);
    try {
      const { client, requests } = clientFor(svc.handler);
      const engine = new SyncEngine({ store, client });
      await engine.sync(svc.shop, range);
      const afterFirst = requests.total;
      await engine.sync(svc.shop, range);
      expect(requests.total).toBe(afterFirst); // every day is fresh: nothing fetched
      const later = new SyncEngine({ store, client, now: () => Date.now() + 20 * 60_000 });
      await later.sync(svc.shop, range);
      expect(requests.total).toBeGreaterThan(afterFirst); // recent days went stale and were re-synced
      expect(await storedOrderIds(store, svc.shop.id)).toEqual(expectedIds);
      expect(await lineCount(store)).toBe(expectedLines);
    } finally {
      await close();
    }
  });
});

describe("a sync that cannot start because the dashboard's own Redis or database failed", () => {
  it('tells the seller in words, never the library message', async () => {
    const svc = await startService({ orders: 200 });
    const { store, close } = await freshStore(svc.dir);
    try {
      const raw =
        'Reached the max retries per request limit (which is 2). Refer to "maxRetriesPerRequest" option for details.';
      const lock = { tryAcquire: () => Promise.reject(new Error(raw)) };
      const logged: unknown[] = [];
      const engine = new SyncEngine({
        store,
        client: clientFor(svc.handler).client,
        lock,
        onError: (_shop, error) => logged.push(error),
      });
      const today = shopLocalDate(Math.floor(Date.now() / 1000), svc.shop.timezone);
      await engine.ensure(svc.shop, { from: addDays(today, -3), to: today });
      await engine.idle(svc.shop.id);
      const progress = await engine.progress(svc.shop.id);
      expect(progress.state).toBe('failed');
      expect(progress.error).toBe("the dashboard's own database or Redis failed");
      expect(JSON.stringify(progress)).not.toContain('maxRetriesPerRequest');
      expect(logged).toHaveLength(1); // the raw reason goes to the server log
    } finally {
      await close();
      await svc.close();
    }
  });
});
