import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, shopDayEnd, shopDayStart, shopLocalDate } from '@/lib/time';
import { SyncEngine } from '@/lib/sync/engine';
import { LockLostError, MemoryLock, type Release, type SyncLock } from '@/lib/sync/lock';
import { clientFor, freshStore, startService, upstreamOrders, type ServiceFixture } from '@/tests/support/sync/harness';

// A sync whose shared lock is lost mid-run (Redis past the lease, a dropped advisory-lock
// connection) must stop writing that shop at once — another instance may hold it now — and leave
// its checkpoint for whoever syncs next, which then completes the range exactly.

/** A lock that is declared lost after `pagesBeforeLoss` order pages were answered. */
class LosingLock implements SyncLock {
  controller = new AbortController();
  async tryAcquire(): Promise<Release | null> {
    return Object.assign(async () => undefined, { signal: this.controller.signal });
  }
  lose(): void {
    this.controller.abort(new LockLostError('shop', 'Redis did not confirm the lease'));
  }
}

describe('sync engine when its lock is lost', () => {
  let svc: ServiceFixture;
  let range: { from: string; to: string };
  beforeAll(async () => {
    svc = await startService({ orders: 3_000 });
    const today = shopLocalDate(Math.floor(Date.now() / 1000), svc.shop.timezone);
    range = { from: addDays(today, -200), to: addDays(today, -2) };
  });
  afterAll(() => svc.close());

  it('stops writing at once, keeps its checkpoint, and the next holder completes the range', async () => {
    const { store, close } = await freshStore(svc.dir);
    try {
      const lock = new LosingLock();
      let orderPages = 0;
      let writesAfterLoss = 0;
      const { client } = clientFor(svc.handler, {
        mangle: async (url, response) => {
          if (url.pathname.endsWith('/orders-by-product') && ++orderPages === 3) lock.lose();
          return response;
        },
      });
      const upsert = store.upsertOrders.bind(store);
      store.upsertOrders = async (...args) => {
        if (lock.controller.signal.aborted) writesAfterLoss++;
        return upsert(...args);
      };

      const first = new SyncEngine({ store, client, lock });
      await first.ensure(svc.shop, range);
      await first.idle(svc.shop.id);
      expect(lock.controller.signal.aborted).toBe(true); // the loss did happen mid-run
      expect(writesAfterLoss).toBe(0);
      const stopped = await first.progress(svc.shop.id);
      expect(stopped.state).not.toBe('failed'); // a lost lock is not the seller's error
      expect((await first.coverage(svc.shop, range)).complete).toBe(false);

      const second = new SyncEngine({ store, client, lock: new MemoryLock() });
      const done = await second.sync(svc.shop, range);
      expect(done.state).toBe('done');
      const tz = svc.shop.timezone;
      const expected = await upstreamOrders(
        svc.service,
        svc.shop.id,
        shopDayStart(range.from, tz),
        shopDayEnd(range.to, tz),
      );
      expect(await store.countOrders(svc.shop.id, shopDayStart(range.from, tz), shopDayEnd(range.to, tz))).toBe(
        expected.length,
      );
    } finally {
      await close();
    }
  });
});
