import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { addDays, shopDayStart, shopLocalDate } from '@/lib/time';
import { saveShopView } from '@/lib/store/shop-views';
import { SyncEngine } from '@/lib/sync/engine';
import { RedisLock } from '@/lib/sync/lock';
import { RefreshPolicy } from '@/lib/sync/refresh';
import { instancesOverService, unscheduledClient } from '@/tests/support/sync/instances';

// Two app instances on one PostgreSQL store and one Redis, each with its sync engine and refresh
// policy, a shop someone is looking at: together they read today's orders page at most once per
// refresh interval (one instance leads the policy; the other's ticks do nothing), where before
// both instances re-read the latest days, each on its own.

const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

describe.skipIf(!enabled)('two instances refresh a viewed shop together (PostgreSQL + Redis)', () => {
  const fixture = instancesOverService(2, { orders: 1_500 });

  it("reads today's page at most once per refresh interval for both together", async () => {
    const shop = fixture.svc.shop;
    const today = shopLocalDate(Math.floor(Date.now() / 1000), shop.timezone);
    const todayStart = shopDayStart(today, shop.timezone);
    const todayReads: number[] = [];
    const client = () =>
      unscheduledClient((request) => {
        const url = new URL(request.url);
        const start = Number(url.searchParams.get('startDate'));
        const end = Number(url.searchParams.get('endDate'));
        // A page read (not a limit=1 count) of orders that covers today.
        if (
          url.pathname.endsWith('/orders-by-product') &&
          url.searchParams.get('limit') === '100' &&
          end >= todayStart &&
          start <= end
        )
          todayReads.push(Date.now());
        return fixture.svc.handler.handle(request, { clientIp: '127.0.0.1' });
      });
    const prefix = `test:refresh:${randomUUID()}`;
    const instances = fixture.stores.map((store, i) => {
      const engine = new SyncEngine({ store, client: client(), lock: new RedisLock(fixture.redises[i]!, prefix) });
      const policy = new RefreshPolicy({
        engine,
        store,
        lock: new RedisLock(fixture.redises[i]!, prefix),
        targets: { viewedMaxStaleMs: 1_500, early: 0.6, unsettledCheckEveryMs: 3_600_000, reconcileEveryMs: 3_600_000 },
      });
      return { engine, policy };
    });
    await instances[0]!.engine.sync(shop, { from: addDays(today, -2), to: today });
    todayReads.length = 0;
    await saveShopView(fixture.stores[1]!.db, shop.id, Date.now()); // a person looks at it, on the second instance

    const started = Date.now();
    const durationMs = 7_000;
    while (Date.now() - started < durationMs) {
      await Promise.all(instances.map((i) => i.policy.tick()));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const i of instances) {
      await i.policy.stop();
      await i.engine.idle(shop.id);
    }
    const interval = 1_500 * 0.6;
    const leaders = instances.filter((i) => i.policy.leading).length;
    expect(leaders).toBe(0); // both stopped
    // Kept fresh: today was read again and again…
    expect(todayReads.length).toBeGreaterThanOrEqual(3);
    // …but never twice within one refresh interval, whichever instance read it.
    const gaps = todayReads.slice(1).map((t, i) => t - todayReads[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(interval * 0.9);
    expect(todayReads.length).toBeLessThanOrEqual(Math.ceil(durationMs / interval) + 1);
  }, 60_000);
});
