import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, RefundDay } from '@/lib/contract';
import type { ProfitSwitches } from '@/lib/profit';
import { skuReport } from '@/lib/reports/sku-report';
import { addDays, shopDayEnd, shopDayStart, shopLocalDate } from '@/lib/time';
import type { OrderStore } from '@/lib/store/order-store';
import { SyncEngine } from '@/lib/sync/engine';
import { bruteForce } from '@/tests/support/sync/brute-force';
import { clientFor, freshStore, startService, upstreamOrders, type ServiceFixture } from '@/tests/support/sync/harness';

const SWITCHES: ProfitSwitches[] = [
  { includeCancelled: false, includeSamples: false },
  { includeCancelled: true, includeSamples: false },
  { includeCancelled: false, includeSamples: true },
  { includeCancelled: true, includeSamples: true },
];

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'SKU report equals a brute-force sum over upstream orders (postgres: %s)',
  (postgres) => {
    let svc: ServiceFixture;
    let store: OrderStore;
    let closeStore: () => Promise<void>;
    let orders: Order[];
    let refunds: RefundDay[];
    let tz: string;
    let today: string;

    beforeAll(async () => {
      svc = await startService({ orders: 4_000 });
      tz = svc.shop.timezone;
      today = shopLocalDate(Math.floor(Date.now() / 1000), tz);
      const from = addDays(today, -89);
      ({ store, close: closeStore } = await freshStore(svc.dir, postgres));
      await new SyncEngine({ store, client: clientFor(svc.handler).client }).sync(svc.shop, { from, to: today });
      const [start, end] = [shopDayStart(from, tz), shopDayEnd(today, tz)];
      orders = await upstreamOrders(svc.service, svc.shop.id, start, end);
      refunds = (
        await svc.service.listRefunds(svc.shop.id, { page: 1, limit: 100, sort: 'ASC', startDate: start, endDate: end })
      ).items;
    });
    afterAll(async () => {
      await closeStore();
      await svc.close();
    });

    it('covers cancelled and sample orders, so the switches are exercised', () => {
      expect(orders.some((o) => o.status === 'CANCELLED')).toBe(true);
      expect(orders.some((o) => o.sampleOrder === 'YES')).toBe(true);
    });

    const ranges = () => [
      { from: addDays(today, -89), to: today },
      { from: addDays(today, -40), to: addDays(today, -34) },
      { from: addDays(today, -3), to: addDays(today, -3) },
    ];

    it.each(SWITCHES)('matches to the cent for every range with switches %o', async (switches) => {
      for (const range of ranges()) {
        const report = await skuReport({ store, now: Date.now() }, svc.shop, range, { switches });
        const expected = bruteForce(orders, refunds, tz, range.from, range.to, switches);
        expect(report.rows.length).toBe(expected.skus.size);
        for (const row of report.rows) {
          const e = expected.skus.get(row.skuId)!;
          expect({
            id: row.skuId,
            lines: row.lines,
            netSales: row.netSales,
            promos: row.promos,
            costOfGoods: row.costOfGoods,
            shipping: row.shipping,
            platformFees: row.platformFees,
            affiliateCommission: row.affiliateCommission,
            netProfit: row.netProfit,
          }).toEqual({ id: row.skuId, ...e });
        }
        expect(report.sampleCost).toBe(expected.sampleCost);
        expect(report.refunds).toBe(expected.refunds);
        const totalProfit = [...expected.skus.values()].reduce((a, s) => a + s.netProfit, 0);
        expect(report.netProfitAfterRefunds).toBe(totalProfit + expected.sampleCost + expected.refunds);
      }
    });
  },
);
