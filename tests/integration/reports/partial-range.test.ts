import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overviewReport } from '@/lib/reports/overview';
import { periodFigures } from '@/lib/reports/period-figures';
import { pnlByMonth, type PnlByMonth } from '@/lib/reports/pnl-by-month';
import { skuReport } from '@/lib/reports/sku-report';
import { addDays, eachShopDay, shopLocalDate } from '@/lib/time';
import type { OrderStore } from '@/lib/store/order-store';
import { SyncEngine } from '@/lib/sync/engine';
import { clientFor, freshStore, startService, type ServiceFixture } from '@/tests/support/sync/harness';

// While a range is being read, its reports count the days stored completely and nothing else: the
// window being read has some of its orders stored already, and counting them put "Orders 470" and
// a bottom line beside "0 of 30 days stored". Here the store holds every day, and the reports are
// told that only some are stored (as the report frame tells them while a range is partial): each
// figure must be the same report of those days alone.

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'a partial range counts its stored days alone (postgres: %s)',
  (postgres) => {
    let svc: ServiceFixture;
    let store: OrderStore;
    let closeStore: () => Promise<void>;
    let today: string;
    const deps = () => ({ store, now: Date.now() });

    beforeAll(async () => {
      svc = await startService({ orders: 3_000 });
      today = shopLocalDate(Math.floor(Date.now() / 1000), svc.shop.timezone);
      ({ store, close: closeStore } = await freshStore(svc.dir, postgres));
      await new SyncEngine({ store, client: clientFor(svc.handler).client }).sync(svc.shop, {
        from: addDays(today, -59),
        to: today,
      });
    }, 120_000);
    afterAll(async () => {
      await closeStore();
      await svc.close();
    });

    it('SKU report, overview and a period tile equal the reports of the stored days', async () => {
      const range = { from: addDays(today, -29), to: today };
      // Two runs of stored days with a gap, as the recent-first windows leave them.
      const last7 = { from: addDays(today, -6), to: today };
      const earlier = { from: addDays(today, -20), to: addDays(today, -15) };
      const stored = new Set([...eachShopDay(last7.from, last7.to), ...eachShopDay(earlier.from, earlier.to)]);
      const partial = await skuReport(deps(), svc.shop, range, { countedDays: stored });
      const [a, b] = [await skuReport(deps(), svc.shop, last7), await skuReport(deps(), svc.shop, earlier)];
      const whole = await skuReport(deps(), svc.shop, range);
      expect(whole.totals.lines).toBeGreaterThan(a.totals.lines + b.totals.lines);
      expect({
        lines: partial.totals.lines,
        netSales: partial.totals.netSales,
        netProfit: partial.totals.netProfit,
        refunds: partial.refunds,
      }).toEqual({
        lines: a.totals.lines + b.totals.lines,
        netSales: a.totals.netSales + b.totals.netSales,
        netProfit: a.totals.netProfit + b.totals.netProfit,
        refunds: a.refunds + b.refunds,
      });

      const overview = await overviewReport(deps(), svc.shop, range, undefined, { countedDays: stored });
      expect(overview.kpis.netSales.value).toBe(a.totals.netSales + b.totals.netSales);
      expect(overview.kpis.refunds.value).toBe(a.refunds + b.refunds);
      // The chart draws the stored days and no other; the top list is of their SKUs.
      for (const point of overview.series) expect(point.netSales !== null).toBe(stored.has(point.day));
      const topSkus = new Set([...a.rows, ...b.rows].map((r) => r.skuId));
      for (const row of [...overview.top, ...overview.bottom]) expect(topSkus.has(row.skuId)).toBe(true);

      const options = { costs: null, allocate: false, counted: stored };
      const tile = await periodFigures(
        deps(),
        svc.shop,
        range,
        { includeCancelled: false, includeSamples: false },
        options,
      );
      expect(tile.netSales).toBe(a.totals.netSales + b.totals.netSales);
    });

    it('the P&L by month counts the stored days alone, every line of it, as the overview does', async () => {
      const range = { from: addDays(today, -29), to: today };
      const last7 = { from: addDays(today, -6), to: today };
      const earlier = { from: addDays(today, -20), to: addDays(today, -15) };
      const stored = new Set([...eachShopDay(last7.from, last7.to), ...eachShopDay(earlier.from, earlier.to)]);
      const switches = { includeCancelled: false, includeSamples: false };
      const pnl = (r: typeof range, countedDays: Set<string> | null = null) =>
        pnlByMonth(deps(), svc.shop, r, { switches, costs: null, countedDays });
      const totals = (statement: PnlByMonth) => new Map(statement.lines.map((line) => [line.key, line.total]));
      const [partial, a, b, whole] = await Promise.all([pnl(range, stored), pnl(last7), pnl(earlier), pnl(range)]);
      const [ta, tb] = [totals(a), totals(b)];
      const expected = Object.fromEntries(
        [...new Set([...ta.keys(), ...tb.keys()])].map((key) => [key, (ta.get(key) ?? 0) + (tb.get(key) ?? 0)]),
      );
      const got = Object.fromEntries([...totals(partial)].filter(([key, cents]) => cents !== 0 || key in expected));
      for (const key of Object.keys(expected)) got[key] ??= 0;
      expect(got).toEqual(expected);
      expect(totals(whole).get('sales.net')).toBeGreaterThan(expected['sales.net']!);
      // Each month's column counts its own stored days: its net sales are those days' alone.
      for (const month of partial.months) {
        const days = [...stored].filter((day) => day.startsWith(month.month));
        const own =
          days.length === 0
            ? 0
            : await Promise.all(
                [last7, earlier].map(async (r) => {
                  const inMonth = {
                    from: r.from > month.from ? r.from : month.from,
                    to: r.to < month.to ? r.to : month.to,
                  };
                  return inMonth.from > inMonth.to ? 0 : (await pnl(inMonth)).total.netSales;
                }),
              ).then((xs) => xs.reduce((x, y) => x + y, 0));
        expect(month.netSales, month.month).toBe(own);
      }
    });
  },
);
