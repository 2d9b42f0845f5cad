import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Order } from '@/lib/contract';
import { toOrderRows } from '@/components/orders/order-rows';
import { orderCogs } from '@/lib/costs/order-cogs';
import { emptyInputs } from '@/lib/costs/kinds';
import { orderLines } from '@/lib/exports/order-lines';
import { classifyOrder } from '@/lib/profit';
import { skuReport } from '@/lib/reports/sku-report';
import { loadOrderCogs } from '@/lib/server/loaders/orders';
import { restoreInputs } from '@/lib/store/cost-bulk';
import { storedOrders } from '@/lib/store/order-list';
import { shopDayEnd, shopDayStart } from '@/lib/time';
import { inWindow, recountOrders } from '@/tests/support/oracle/recount';
import { costsArb, rangeArb, runs, SEED, switchesArb, todayOf, toInputs } from './arbitraries';
import { propertyFixture } from '@/tests/support/property/fixture';

// An order's own P&L (the orders table, its P&L panel, the orders export) counts the seller's
// charged kinds exactly as the SKU profit report does: for generated fulfilment rates (per unit or
// per order, every SKU or one, dated) and COGS saved in the store, the orders page's per-order net
// profit of every counted order of a synced range sums to the report's total net profit, to the
// cent, under the same switches and costs; each order equals the oracle's own recount of it. With
// the service's costs, both are the service's. Costs other than per-line ones (ad spend, expenses)
// are period lines of no single order: the cases leave them out.

const RUNS = runs(60);

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  "an order's net profit with the seller's charged kinds sums to the SKU report's (postgres: %s)",
  (postgres) => {
    const fx = propertyFixture({ orders: 3_000, postgres, rawDays: 820, serveRoutes: 'store' });
    const seen = { cases: 0, service: 0, charged: 0, perOrderSeveralLines: 0, orders: 0 };

    const caseArb = () =>
      fc.integer({ min: 0, max: fx.shops.length - 1 }).chain((i) => {
        const shop = fx.shops[i]!;
        const today = todayOf(shop.timezone);
        return fc.record({
          shop: fc.constant(shop),
          range: rangeArb(today, shop.timezone),
          switches: switchesArb,
          // The seller's COGS and fulfilment rates (none: the service's view), without the period lines.
          costs: costsArb(fx.raw.get(shop.id)!, today).map((c) =>
            c ? { ...c, adSpend: [], expenses: [], allocate: false } : undefined,
          ),
        });
      });

    it('per counted order, the orders code equals the oracle; summed, the SKU report’s total net profit', async () => {
      await fc.assert(
        fc.asyncProperty(caseArb(), async ({ shop, range, switches, costs }) => {
          seen.cases++;
          await fx.engine.sync(shop, range);
          const store = fx.store;
          // The costs as the seller saves them, read back by the orders page's own loader.
          await restoreInputs(store.db, shop.id, costs ? toInputs(costs) : emptyInputs());
          const data = costs ? await loadOrderCogs(shop.id) : null;
          if (!costs) seen.service++;
          const perOrder = orderCogs(data, shop.timezone);

          const orders: Order[] = [];
          for await (const batch of storedOrders(store, {
            shopId: shop.id,
            startDate: shopDayStart(range.from, shop.timezone),
            endDate: shopDayEnd(range.to, shop.timezone),
            sort: 'asc',
          }))
            orders.push(...batch);
          const counted = orders.filter((o) => classifyOrder(o, switches) === 'counted');
          const rows = toOrderRows(counted, perOrder);

          // Each order, as the oracle recounts it from the service's raw orders.
          const rawShop = fx.raw.get(shop.id)!;
          const want = recountOrders(rawShop, range, switches, costs);
          expect(rows.map((r) => ({ id: r.order.id, netProfit: r.profit.totals.netProfit })).sort(byId)).toEqual(
            want.map((o) => ({ id: o.id, netProfit: o.netProfit })).sort(byId),
          );
          const charged = rows.reduce((a, r) => a + r.profit.totals.charged, 0);
          expect(charged).toBe(want.reduce((a, o) => a + o.fulfilment, 0));
          if (charged !== 0) seen.charged++;
          seen.orders += rows.length;
          const severalLines = rawShop.orders.some(
            (o) => inWindow(o, rawShop, range) && o.lines.filter((l) => l.grossSales > 0).length > 1,
          );
          if (severalLines && costs?.fulfilment.some((f) => f.per === 'order' && f.amountCents > 0))
            seen.perOrderSeveralLines++;

          // Summed: the SKU report's total net profit, with the same switches and costs.
          const report = await skuReport({ store, now: Date.now() }, shop, range, {
            switches,
            costs: costs ? toInputs(costs) : null,
          });
          const sum = rows.reduce((a, r) => a + r.profit.totals.netProfit, 0);
          expect(sum).toBe(report.totals.netProfit);
          expect(charged).toBe(Object.values(report.totals.chargedCosts).reduce((a, b) => a + b, 0));
          // The orders export's lines: the same net profit.
          const exported = [...orderLines(counted, perOrder)].reduce((a, l) => a + l.line.netProfit, 0);
          expect(exported).toBe(sum);
        }),
        { numRuns: RUNS, seed: SEED + 41, endOnFailure: true },
      );
      console.info(
        `[properties] postgres=${postgres}: orders with charged kinds ${seen.cases} cases (${seen.service} service-only, ${seen.charged} charging fulfilment, ${seen.perOrderSeveralLines} with a fee per order over orders of several lines), ${seen.orders} orders`,
      );
      expect(seen.service).toBeGreaterThan(0);
      expect(seen.charged).toBeGreaterThan(0);
      expect(seen.perOrderSeveralLines).toBeGreaterThan(0);
    }, 900_000);
  },
);

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
