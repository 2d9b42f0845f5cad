import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOrders } from '@/lib/service/store/writer';
import { addDays, shopDayEnd, shopDayStart, shopLocalDate } from '@/lib/time';
import { SyncEngine } from '@/lib/sync/engine';
import { clientFor, freshStore, startService, upstreamOrders, type ServiceFixture } from '@/tests/support/sync/harness';

// Settled months are never re-read by the freshness rules. A reconciliation asks the upstream for
// each stored month's count with one limit=1 request; a month that disagrees is read again and the
// seller is told.

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'reconciling stored months (postgres: %s)',
  (postgres) => {
    let svc: ServiceFixture;
    beforeAll(async () => {
      svc = await startService({ orders: 2_000 });
    });
    afterAll(() => svc.close());

    it('costs one request per month when everything agrees, and re-reads a month that lost an order', async () => {
      const { store, close } = await freshStore(svc.dir, postgres);
      try {
        const tz = svc.shop.timezone;
        const today = shopLocalDate(Math.floor(Date.now() / 1000), tz);
        const month = addDays(today, -100).slice(0, 7);
        const range = { from: `${month}-01`, to: addDays(`${addDays(`${month}-01`, 32).slice(0, 7)}-01`, -1) };
        const { client, requests } = clientFor(svc.handler);
        const engine = new SyncEngine({ store, client });
        await engine.sync(svc.shop, range);

        let before = requests.total;
        expect(await engine.reconcile(svc.shop, range)).toEqual([]);
        expect(requests.total - before).toBe(1); // one limit=1 request for the month
        before = requests.total;
        expect(await engine.reconcile(svc.shop, range)).toEqual([]);
        expect(requests.total).toBe(before); // checked recently: nothing asked

        // An order appears upstream in that settled month (or one was lost in the store).
        const [start, end] = [shopDayStart(range.from, tz), shopDayEnd(range.to, tz)];
        const some = (await upstreamOrders(svc.service, svc.shop.id, start, end))[5]!;
        await writeOrders(svc.service.db, svc.shop.id, [
          { order: { ...some, id: `${some.id}-late`, orderNumber: `${some.orderNumber}7` }, variantNos: [] },
        ]);
        svc.service.invalidateCaches();
        const expected = (await upstreamOrders(svc.service, svc.shop.id, start, end)).length;

        const found = await engine.reconcile(svc.shop, range, { everyMs: 0 });
        expect(found).toEqual([{ month, upstream: expected, stored: expected - 1 }]);
        expect((await engine.progress(svc.shop.id)).notices?.[0]).toMatch(
          new RegExp(`Orders of ${month} did not add up \\(${expected - 1} stored, ${expected} counted`),
        );
        await engine.idle(svc.shop.id); // the re-read the reconciliation started
        // Its progress named why it read: a month whose count changed, not "the range you opened".
        expect((await engine.progress(svc.shop.id)).why).toBe('reconcile');
        expect(await store.countOrders(svc.shop.id, start, end)).toBe(expected);
        expect((await engine.coverage(svc.shop, range)).complete).toBe(true);
        expect(await engine.reconcile(svc.shop, range)).toEqual([]); // a month that disagreed is checked again at once
        expect((await engine.progress(svc.shop.id)).notices).toEqual([]);
      } finally {
        await close();
      }
    });
  },
);
