import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skuReport } from '@/lib/reports/sku-report';
import { addDays, shopDayEnd, shopDayStart, shopLocalDate } from '@/lib/time';
import { SyncEngine } from '@/lib/sync/engine';
import { recountSkus, readShop } from '@/tests/support/oracle/recount';
import {
  clientFor,
  DEMO_KEY,
  DEMO_SECRET,
  freshStore,
  startService,
  upstreamOrders,
  type ServiceFixture,
} from '@/tests/support/sync/harness';

// Orders settle up to a month after they were created. A day that still held unsettled orders when
// it was last read must be read again when they settle, or its fees stay estimates in every view.
// The refresh policy's cheap check (two limit=1 counts of the unsettled window) finds it.

const SWITCHES = { includeCancelled: false, includeSamples: false };

describe('a day older than the recent days, still settling', () => {
  let svc: ServiceFixture;
  beforeAll(async () => {
    svc = await startService({ orders: 3_000 });
  });
  afterAll(() => svc.close());

  it('is read again when its unsettled orders settle, so the report equals the recount', async () => {
    const { store, close } = await freshStore(svc.dir);
    try {
      const tz = svc.shop.timezone;
      const today = shopLocalDate(Math.floor(Date.now() / 1000), tz);
      const day = addDays(today, -20);
      const range = { from: day, to: day };
      const { client } = clientFor(svc.handler);
      await new SyncEngine({ store, client }).sync(svc.shop, range);
      const [start, end] = [shopDayStart(day, tz), shopDayEnd(day, tz)];
      const unsettled = (await upstreamOrders(svc.service, svc.shop.id, start, end)).find(
        (o) => o.orderType === 'UNSETTLED' && o.status !== 'CANCELLED' && o.sampleOrder === 'NO',
      );
      expect(unsettled, 'the demo data has an unsettled order 20 days ago').toBeDefined();

      // It settles upstream: the type changes and the platform fee is final (larger).
      const settled = {
        ...unsettled!,
        orderType: 'SETTLED' as const,
        products: unsettled!.products.map((p) => ({
          ...p,
          platformFees: { ...p.platformFees, total: Math.round((p.platformFees.total - 1.5) * 100) / 100 },
        })),
      };
      await svc.service.db
        .updateTable('svc_order')
        .set({ payload: JSON.stringify(settled), order_type: 'SETTLED' })
        .where('id', '=', settled.id)
        .execute();
      svc.service.invalidateCaches();

      const fetch = (request: Request) => svc.handler.handle(request, { clientIp: '127.0.0.1' });
      const raw = await readShop(fetch, DEMO_KEY, DEMO_SECRET, svc.shop.id, tz, start - 86_400, end + 86_400);
      const expected = recountSkus(raw, range, SWITCHES);

      // Half an hour later a sync of the range re-reads nothing (the fee is still the estimate)…
      const engine = new SyncEngine({ store, client, now: () => Date.now() + 30 * 60_000 });
      await engine.sync(svc.shop, range);
      expect(
        (await skuReport({ store, now: Date.now() }, svc.shop, range, { switches: SWITCHES })).totals.platformFees,
      ).not.toBe(expected.totals.platformFees);
      // …the policy's check counts one SETTLED order more upstream, halves the window down to the
      // day that changed, and reads that day alone again.
      const check = await engine.checkUnsettled(svc.shop, 60);
      expect(check).toMatchObject({ changedDays: [day] });
      expect((check as { requests: number }).requests).toBeLessThanOrEqual(1 + 2 * Math.ceil(Math.log2(60)) + 1);
      await engine.idle(svc.shop.id);
      const report = await skuReport({ store, now: Date.now() }, svc.shop, range, { switches: SWITCHES });
      expect(report.totals.platformFees).toBe(expected.totals.platformFees);
      expect(report.totals.netProfit).toBe(expected.totals.netProfit);
      // Nothing settled since: the check costs its two counts and reads nothing.
      expect(await engine.checkUnsettled(svc.shop, 60)).toEqual({ changedDays: [], requests: 2 });
    } finally {
      await close();
    }
  });
});
