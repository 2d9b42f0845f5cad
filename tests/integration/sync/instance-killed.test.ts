import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { addDays, shopDayEnd, shopDayStart, shopLocalDate } from '@/lib/time';
import type { OrderStore } from '@/lib/store/order-store';
import type { SyncJob } from '@/lib/store/jobs';
import { SyncEngine } from '@/lib/sync/engine';
import { RedisLock } from '@/lib/sync/lock';
import { RefreshPolicy } from '@/lib/sync/refresh';
import { instancesOverService, unscheduledClient } from '@/tests/support/sync/instances';
import { upstreamOrders } from '@/tests/support/sync/harness';

// Two app instances on one PostgreSQL store and one Redis. Instance A syncs a shop's year and dies
// mid-run the way a killed process does: from that instant no answer reaches it, it writes
// nothing, and it neither renews nor releases its lock (its Redis connection is gone). The shop
// is one nobody looks at and its today is fresh, so nothing else brings instance B to it. B's refresh policy must resume A's job from
// its checkpoint once A's lease lapses (never asking again for a page A stored), and the store
// must end with exactly the service's orders. Before, the job stayed "running" until today's next
// refresh of the shop (up to 11 minutes later), and the pages, seeing it running, asked for nothing.

const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const LEASE_MS = 1_500;

interface Asked {
  startDate: number;
  endDate: number;
  page: number;
}

describe.skipIf(!enabled)('an instance killed mid-sync (PostgreSQL + Redis)', () => {
  const fixture = instancesOverService(2, { orders: 3_000 });

  it("resumes the dead instance's sync from its checkpoint on the other, and nothing is lost", async () => {
    const shop = fixture.svc.shop;
    const today = shopLocalDate(Math.floor(Date.now() / 1000), shop.timezone);
    const year = { from: addDays(today, -364), to: today };
    let dead = false;
    const askedOfB: Asked[] = [];
    const client = (instance: 'A' | 'B') =>
      unscheduledClient(async (request) => {
        const url = new URL(request.url);
        if (instance === 'A') {
          // Slow enough that A is mid-year when it dies; a dead process gets no answer.
          if (url.pathname.endsWith('/orders-by-product')) await new Promise((r) => setTimeout(r, 30));
          const answer = await fixture.svc.handler.handle(request, { clientIp: '127.0.0.1' });
          return dead ? new Promise<Response>(() => {}) : answer;
        } else if (url.pathname.endsWith('/orders-by-product') && url.searchParams.get('limit') === '100') {
          askedOfB.push({
            startDate: Number(url.searchParams.get('startDate')),
            endDate: Number(url.searchParams.get('endDate')),
            page: Number(url.searchParams.get('page') ?? 1),
          });
        }
        return fixture.svc.handler.handle(request, { clientIp: '127.0.0.1' });
      });
    const prefix = `test:kill:${randomUUID()}`;
    const [storeA, storeB] = fixture.stores as [OrderStore, OrderStore];
    // A dead process writes nothing (its run is never awaited again: it would wait forever).
    for (const method of ['upsertOrders', 'saveJob', 'replaceRefundDays', 'markCovered', 'upsertCatalog'] as const) {
      const original = storeA[method].bind(storeA) as (...args: unknown[]) => Promise<unknown>;
      (storeA as unknown as Record<string, unknown>)[method] = (...args: unknown[]) =>
        dead ? new Promise(() => {}) : original(...args);
    }
    const engineA = new SyncEngine({
      store: storeA,
      client: client('A'),
      lock: new RedisLock(fixture.redises[0]!, prefix, LEASE_MS),
    });
    const engineB = new SyncEngine({
      store: storeB,
      client: client('B'),
      lock: new RedisLock(fixture.redises[1]!, prefix, LEASE_MS),
    });
    const policyB = new RefreshPolicy({
      engine: engineB,
      store: storeB,
      lock: new RedisLock(fixture.redises[1]!, prefix, LEASE_MS),
      targets: { unsettledCheckEveryMs: 3_600_000, reconcileEveryMs: 3_600_000, resumeQuietMs: 300 },
    });

    // Today and yesterday are fresh; nobody views the shop: no refresh of it is due for minutes.
    await engineA.sync(shop, { from: addDays(today, -1), to: today });
    await engineA.ensure(shop, year);
    let checkpoint: SyncJob | undefined;
    // Instance B's policy ticks all along: while A is alive, B must leave its run alone.
    for (let started = Date.now(); Date.now() - started < 20_000;) {
      await policyB.tick();
      checkpoint = await storeB.loadJob(shop.id);
      const stored = checkpoint?.plan.windows.reduce((n, w) => n + w.nextPage - 1, 0) ?? 0;
      if (checkpoint?.plan.from === year.from && stored >= 3) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(askedOfB).toEqual([]);
    // A dies: its Redis connection goes, so the lease is neither renewed nor released.
    dead = true;
    fixture.redises[0]!.disconnect();
    const diedAt = Date.now();
    checkpoint = await storeB.loadJob(shop.id);
    expect(checkpoint?.state).toBe('running');
    const windows = checkpoint!.plan.windows;
    expect(windows.some((w) => !w.ordersDone)).toBe(true); // it died mid-year

    let finished: SyncJob | undefined;
    while (Date.now() - diedAt < LEASE_MS + 15_000) {
      await policyB.tick();
      await new Promise((r) => setTimeout(r, 50));
      if ((await engineB.coverage(shop, year)).complete && !engineB.isRunning(shop.id)) {
        finished = await storeB.loadJob(shop.id);
        break;
      }
    }
    await policyB.stop();
    await engineB.idle(shop.id);

    expect(finished, 'the year was stored by B').toBeDefined();
    expect(finished!.jobId).toBe(checkpoint!.jobId); // A's job, resumed: not a new one planned afresh
    // Resumed, not started over: B never asked for a page A had stored.
    const storedAgain = askedOfB.filter((a) => {
      const w = windows.find((x) => x.startTs === a.startDate && x.endTs === a.endDate);
      return w !== undefined && (w.ordersDone || a.page < w.nextPage);
    });
    expect(storedAgain).toEqual([]);
    expect(askedOfB.length).toBeGreaterThan(0);
    // Nothing lost: the store holds exactly the service's orders of the year.
    const [start, end] = [shopDayStart(year.from, shop.timezone), shopDayEnd(year.to, shop.timezone)];
    const expected = await upstreamOrders(fixture.svc.service, shop.id, start, end);
    expect(await storeB.countOrders(shop.id, start, end)).toBe(expected.length);
  }, 60_000);
});
