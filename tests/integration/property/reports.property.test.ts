import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Shop } from '@/lib/contract';
import { comparisonPeriod, overviewReport } from '@/lib/reports/overview';
import { periodFigures, type KpiKey } from '@/lib/reports/period-figures';
import { monthElapsed, projectMonth, tilePeriods } from '@/lib/reports/period-tiles';
import { bridgeMismatches, profitBridge } from '@/lib/reports/bridge';
import { CHARGED_KINDS } from '@/lib/costs/kinds';
import type { PeriodDeps } from '@/lib/reports/period';
import { searchedOrWhole, skuReport } from '@/lib/reports/sku-report';
import { loadRefunds } from '@/lib/server/loaders/refunds';
import { refundsByDay } from '@/lib/store/reads';
import {
  cents,
  inWindow,
  kindOf,
  recountOrderLines,
  recountOverview,
  recountRefundsByDay,
  recountSkus,
  type OracleSkuWithCosts,
} from '@/tests/support/oracle/recount';
import { ordersQuery, rangeQuery } from '@/tests/support/views';
import { setUpstreamClientForTests } from '@/lib/server/upstream';
import { csvStream } from '@/lib/csv';
import { orderExport } from '@/lib/server/exports/order-export';
import { orderLineColumns, type OrderLine } from '@/lib/exports/order-lines';
import { orderExportRange, orderLineBatches } from '@/lib/server/exports/sources';
import type { SkuProfitRow, SkuTotals } from '@/lib/reports/sku-report';
import { ratioOrNull, totalsMismatches, type TotalRule } from '@/tests/support/totals';
import {
  costsArb,
  orderFiltersArb,
  rangeArb,
  runs,
  searchArb,
  SEED,
  switchesArb,
  todayOf,
  toInputs,
  type Range,
} from './arbitraries';
import { propertyFixture } from '@/tests/support/property/fixture';

// Every figure of the SKU report and the overview equals the oracle's recount of the service's
// raw orders, to the cent, for generated ranges, switches and searches. Each case syncs its range
// first (into a store that keeps what earlier cases synced, so windows start and end anywhere);
// every figure, today's included, is the store's.
//
// Default: PROPS_RUNS unset, a bounded number of cases per property; `npm run test:props` runs more.

/** How each field of the SKU report's totals adds up over its rows (every field must be listed). */
const SKU_TOTALS = {
  lines: 'sum',
  gmv: 'sum',
  grossSales: 'sum',
  promos: 'sum',
  netSales: 'sum',
  costOfGoods: 'sum',
  shipping: 'sum',
  platformFees: 'sum',
  affiliateCommission: 'sum',
  totalCosts: 'sum',
  netProfit: 'sum',
  estimatedNetSales: 'sum',
  serviceCostOfGoods: 'sum',
  recostedLines: 'sum',
  adSpend: 'sum',
  allocatedCosts: 'sum',
  chargedCosts: 'sum',
  margin: (t) => ratioOrNull(t.netProfit, t.netSales),
  estimatedShare: (t) => ratioOrNull(t.estimatedNetSales, t.netSales),
} satisfies Record<keyof SkuTotals, TotalRule<SkuTotals, SkuProfitRow>>;
const SKU_RUNS = runs(40);
const OVERVIEW_RUNS = runs(25);

const EXPORT_RUNS = runs(15);
const REFUND_RUNS = runs(20);

async function csvText(tz: string, batches: AsyncIterable<OrderLine[]>): Promise<string> {
  return new Response(csvStream(orderLineColumns(tz), batches)).text();
}

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'reports equal the recount of the raw orders (postgres: %s)',
  (postgres) => {
    const fx = propertyFixture({ orders: 3_000, postgres, rawDays: 820 });
    const counted = {
      sku: 0,
      withCosts: 0,
      recosted: 0,
      allocated: 0,
      fulfilment: 0,
      perOrder: 0,
      overview: 0,
      exports: 0,
      refunds: 0,
    };

    // The cases that read through the upstream serve the fixture's client to the routes.
    afterAll(() => setUpstreamClientForTests(undefined));

    const deps = (): PeriodDeps => ({ store: fx.store, now: Date.now() });

    it('has data that exercises every switch and several time zones', () => {
      const all = [...fx.raw.values()];
      expect(new Set(fx.shops.map((s) => s.timezone)).size).toBeGreaterThan(1);
      expect(all.some((s) => s.orders.some((o) => o.status === 'CANCELLED'))).toBe(true);
      expect(all.some((s) => s.orders.some((o) => o.sampleOrder === 'YES'))).toBe(true);
      expect(all.some((s) => s.refunds.length > 0)).toBe(true);
    });

    const caseArb = () =>
      fc.integer({ min: 0, max: fx.shops.length - 1 }).chain((i) => {
        const shop = fx.shops[i]!;
        return fc.record({
          shop: fc.constant(shop),
          range: rangeArb(todayOf(shop.timezone), shop.timezone),
          switches: switchesArb,
          search: searchArb(fx.raw.get(shop.id)!),
          costs: costsArb(fx.raw.get(shop.id)!, todayOf(shop.timezone)),
        });
      });

    const syncRange = (shop: Shop, range: Range) => fx.engine.sync(shop, range);

    it('period tiles: today, yesterday, month to date and last month equal the recount; the projection scales the month so far', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: fx.shops.length - 1 }).chain((i) =>
            fc.record({
              shop: fc.constant(fx.shops[i]!),
              switches: switchesArb,
              own: costsArb(fx.raw.get(fx.shops[i]!.id)!, todayOf(fx.shops[i]!.timezone)),
            }),
          ),
          async ({ shop, switches, own }) => {
            const d = deps();
            const periods = tilePeriods(d.now, shop.timezone);
            await syncRange(shop, periods.all);
            const options = { costs: own ? toInputs(own) : null, allocate: own?.allocate ?? false, counted: null };
            for (const key of ['today', 'yesterday', 'monthToDate', 'lastMonth'] as const) {
              const got = await periodFigures(d, shop, periods[key], switches, options);
              const want = recountOverview(
                fx.raw.get(shop.id)!,
                periods[key],
                switches,
                d.now,
                5,
                own ?? undefined,
              ).current;
              expect({ key, ...got, margin: got.margin === null ? null : Math.round(got.margin * 1e9) }).toEqual({
                key,
                netSales: want.netSales,
                netProfit: want.netProfit,
                margin: want.margin === null ? null : Math.round(want.margin * 1e9),
              });
            }
            const mtd = await periodFigures(d, shop, periods.monthToDate, switches, options);
            const elapsed = monthElapsed(d.now, shop.timezone);
            expect(elapsed).toBeGreaterThan(0);
            expect(elapsed).toBeLessThanOrEqual(1);
            expect(projectMonth(mtd, elapsed).netSales).toBe(Math.round(mtd.netSales / elapsed));
          },
        ),
        { numRuns: runs(4), seed: SEED + 7, endOnFailure: true },
      );
    }, 600_000);

    it('SKU report: rows, totals, sample cost, refunds and the loss finder', async () => {
      await fc.assert(
        fc.asyncProperty(caseArb(), async ({ shop, range, switches, search, costs }) => {
          counted.sku++;
          if (costs) counted.withCosts++;
          await syncRange(shop, range);
          // As the SKU profit page and its export get it: a search counts its SKUs alone.
          const report = searchedOrWhole(
            await skuReport(deps(), shop, range, {
              switches,
              search,
              costs: costs ? toInputs(costs) : null,
              allocate: costs?.allocate ?? false,
            }),
          );
          const expected = recountSkus(fx.raw.get(shop.id)!, range, switches, search, costs);
          if (search?.trim()) {
            // A filtered view's totals are the recount of the SKUs it shows, alone: the whole
            // shop's recount, kept to those SKUs' rows and summed here.
            const shown = new Set(report.rows.map((r) => r.skuId));
            const whole = recountSkus(fx.raw.get(shop.id)!, range, switches, undefined, costs);
            const alone = whole.rows.filter((r) => shown.has(r.skuId));
            expect(alone.length).toBe(shown.size);
            const sum = (key: 'netSales' | 'netProfit' | 'costOfGoods' | 'lines') =>
              alone.reduce((acc, r) => acc + r[key], 0);
            expect({
              netSales: report.totals.netSales,
              netProfit: report.totals.netProfit,
              costOfGoods: report.totals.costOfGoods,
              lines: report.totals.lines,
              bottomLine: report.netProfitAfterRefunds,
              refunds: report.refunds,
            }).toEqual({
              netSales: sum('netSales'),
              netProfit: sum('netProfit'),
              costOfGoods: sum('costOfGoods'),
              lines: sum('lines'),
              bottomLine: null,
              refunds: null,
            });
            expect(bridgeMismatches(profitBridge(report, CHARGED_KINDS))).toEqual([]);
            expect(profitBridge(report, CHARGED_KINDS).at(-1)?.key).toBe('netProfit');
          }
          if (report.totals.recostedLines > 0) counted.recosted++;
          if (report.allocated) counted.allocated++;
          if ((report.totals.chargedCosts.fulfilment ?? 0) !== 0) counted.fulfilment++;
          // Orders of two SKUs or more with sales, and a fee per order: the fee is paid once per order.
          const rawShop = fx.raw.get(shop.id)!;
          const multiSku = rawShop.orders.some(
            (o) =>
              inWindow(o, rawShop, range) &&
              kindOf(o, switches) === 'counted' &&
              new Set(o.lines.filter((l) => cents(l.grossSales) > 0).map((l) => l.skuId)).size > 1,
          );
          if (multiSku && costs?.fulfilment.some((f) => f.per === 'order' && f.amountCents > 0)) counted.perOrder++;
          expect(report.rows.map((r) => r.skuId)).toEqual(expected.rows.map((r) => r.skuId));
          for (const [i, row] of report.rows.entries()) {
            const e = expected.rows[i]!;
            expect({
              sku: row.skuId,
              lines: row.lines,
              gmv: row.gmv,
              grossSales: row.grossSales,
              promos: row.promos,
              netSales: row.netSales,
              costOfGoods: row.costOfGoods,
              shipping: row.shipping,
              platformFees: row.platformFees,
              affiliateCommission: row.affiliateCommission,
              totalCosts: row.totalCosts,
              netProfit: row.netProfit,
              adSpend: row.adSpend,
              allocatedCosts: row.allocatedCosts,
              fulfilment: row.chargedCosts.fulfilment ?? 0,
            }).toEqual({
              sku: e.skuId,
              lines: e.lines,
              gmv: e.gmv,
              grossSales: e.grossSales,
              promos: e.promos,
              netSales: e.netSales,
              costOfGoods: e.costOfGoods,
              shipping: e.shipping,
              platformFees: e.platformFees,
              affiliateCommission: e.affiliateCommission,
              totalCosts: e.totalCosts,
              netProfit: e.netProfit,
              adSpend: e.adSpend,
              allocatedCosts: e.allocatedCosts,
              fulfilment: e.fulfilment,
            });
            if (e.margin === null) expect(row.margin).toBeNull();
            else expect(row.margin).toBeCloseTo(e.margin, 10);
            if (e.estimatedUnits === null) expect(row.estimatedUnits).toBeNull();
            else expect(row.estimatedUnits).toBeCloseTo(e.estimatedUnits, 10);
          }
          const {
            margin: _m,
            estimatedShare: _s,
            serviceCostOfGoods: _c,
            recostedLines: _r,
            adSpend: _a,
            allocatedCosts: _al,
            chargedCosts: _ch,
            ...totals
          } = report.totals;
          expect(totals).toEqual(expected.totals);
          // Every field of the totals, whatever fields it gains, adds up over the rows shown.
          expect(totalsMismatches(report.totals, report.rows, SKU_TOTALS)).toEqual([]);
          expect({
            sampleCost: report.sampleCost,
            sampleLines: report.sampleLines,
            excludedLines: report.excludedLines,
            refunds: report.refunds,
            shopAdSpend: report.shopAdSpend,
            expenses: report.expenses,
            netProfitAfterRefunds: report.netProfitAfterRefunds,
          }).toEqual({
            sampleCost: expected.sampleCost,
            sampleLines: expected.sampleLines,
            excludedLines: expected.excludedLines,
            refunds: expected.refunds,
            shopAdSpend: expected.shopAdSpend,
            expenses: expected.expenses,
            netProfitAfterRefunds: expected.netProfitAfterRefunds,
          });
          // The service-only figures are still there: the same report without the inputs is the oracle's without them.
          if (costs) {
            const service = await skuReport(deps(), shop, range, { switches, search });
            expect(service.totals.netProfit).toBe(
              recountSkus(fx.raw.get(shop.id)!, range, switches, search).totals.netProfit,
            );
            expect(report.totals.serviceCostOfGoods).toBe(service.totals.costOfGoods);
          }
          expect(report.losses.map((l) => l.skuId)).toEqual(expected.losses);
        }),
        { numRuns: SKU_RUNS, seed: SEED, endOnFailure: true },
      );
    }, 600_000);

    it('overview: KPIs, the comparison period, the daily series, top and bottom SKUs', async () => {
      await fc.assert(
        fc.asyncProperty(caseArb(), async ({ shop, range, switches, costs }) => {
          counted.overview++;
          const d = deps();
          const comparison = comparisonPeriod(range, shop.timezone, d.now);
          await syncRange(shop, range);
          await syncRange(shop, { from: comparison.from, to: comparison.to });
          const overview = await overviewReport(d, shop, range, switches, {
            costs: costs ? toInputs(costs) : null,
            allocate: costs?.allocate ?? false,
          });
          const expected = recountOverview(fx.raw.get(shop.id)!, range, switches, d.now, 5, costs);
          expect({
            from: overview.previousRange.from,
            to: overview.previousRange.to,
            until: overview.previousUntil ?? undefined,
          }).toEqual(expected.previousWindow);
          const values = (which: 'value' | 'previous') =>
            Object.fromEntries(Object.entries(overview.kpis).map(([k, v]) => [k, v[which]]));
          const approx = (k: Record<string, number | null>) => ({
            ...k,
            margin: k.margin == null ? null : Math.round(k.margin * 1e9),
          });
          expect(approx(values('value'))).toEqual(approx({ ...expected.current }));
          expect(approx(values('previous'))).toEqual(approx({ ...expected.previous }));
          expect(overview.series).toEqual(expected.series);
          // Every KPI adds up: over the daily series where the series carries it, by the bridge for
          // the bottom line, and to the recount for the figures the series does not carry.
          const kpi = values('value') as Record<KpiKey, number | null>;
          const fromRecount = (k: KpiKey) => () =>
            (expected.current as unknown as Record<string, number | null>)[k] ?? null;
          const kpiRules = {
            netSales: 'sum',
            netProfit: 'sum',
            margin: (t) => ratioOrNull(t.netProfit!, t.netSales!),
            netProfitAfterRefunds: (t) => t.netProfit! + overview.sampleCost + t.refunds! + t.adSpend! + t.expenses!,
            orders: fromRecount('orders'),
            gmv: fromRecount('gmv'),
            refunds: fromRecount('refunds'),
            adSpend: fromRecount('adSpend'),
            expenses: fromRecount('expenses'),
          } satisfies Record<KpiKey, TotalRule<Record<KpiKey, number | null>, (typeof overview.series)[number]>>;
          expect(totalsMismatches(kpi, overview.series, kpiRules)).toEqual([]);
          // The bridge a seller reads adds up row by row, from the recount's net sales to its bottom line.
          expect(bridgeMismatches(overview.profitBridge)).toEqual([]);
          const bridge = Object.fromEntries(overview.profitBridge.map((step) => [step.key, step.value]));
          expect(bridge.netSales).toBe(expected.current.netSales);
          expect(bridge.refunds).toBe(expected.current.refunds);
          expect(bridge.bottomLine).toBe(expected.current.netProfitAfterRefunds);
          expect(overview.top.map((r) => r.skuId)).toEqual(expected.top);
          expect(overview.bottom.map((r) => r.skuId)).toEqual(expected.bottom);
          // The bottom line by source adds up, and the service's part is the service-only bottom line.
          const src = overview.sources;
          const charged = Object.values(src.chargedCosts).reduce((a, b) => a + b, 0);
          expect(src.serviceProfit + src.cogsChange + src.adSpend + src.expenses + charged).toBe(
            overview.kpis.netProfitAfterRefunds.value,
          );
          // Fulfilment and packaging is its own line of the bridge, with the SKUs' total.
          expect(bridge['charged:fulfilment'] ?? 0).toBe(
            (recountSkus(fx.raw.get(shop.id)!, range, switches, undefined, costs).rows as OracleSkuWithCosts[]).reduce(
              (a, r) => a + r.fulfilment,
              0,
            ),
          );
          expect(src.serviceProfit).toBe(
            recountOverview(fx.raw.get(shop.id)!, range, switches, d.now).current.netProfitAfterRefunds,
          );
        }),
        { numRuns: OVERVIEW_RUNS, seed: SEED + 1, endOnFailure: true },
      );
    }, 600_000);

    it("orders export: the store path writes the upstream path's bytes, and the oracle's lines", async () => {
      await fc.assert(
        fc.asyncProperty(
          caseArb().chain((c) => fc.record({ c: fc.constant(c), filters: orderFiltersArb(fx.raw.get(c.shop.id)!) })),
          fc.constantFrom('asc', 'desc'),
          async ({ c: { shop, range }, filters }, sort) => {
            counted.exports++;
            setUpstreamClientForTests(fx.client);
            const connected = { ...shop, currency: 'USD' };
            // The filtered store path must apply the service's own filter semantics (the upstream path
            // is the service filtering), so the two files are compared byte for byte.
            const query = ordersQuery({ from: range.from, to: range.to, sort, ...filters });
            const resolved = orderExportRange(connected, query);
            await syncRange(shop, range);
            const fromStore = await orderExport(connected, query, resolved, async () => ({
              store: fx.store,
              engine: fx.engine,
            }));
            const storeCsv = await csvText(shop.timezone, fromStore.batches);
            const upstreamCsv = await csvText(shop.timezone, orderLineBatches(connected, query, resolved));
            expect(fromStore.source).toBe('store');
            expect(storeCsv).toBe(upstreamCsv);
            if (Object.values(filters).every((v) => v === undefined))
              expect(storeCsv.split('\r\n').length - 2).toBe(recountOrderLines(fx.raw.get(shop.id)!, range).length);
          },
        ),
        { numRuns: EXPORT_RUNS, seed: SEED + 2, endOnFailure: true },
      );
    }, 600_000);

    it("refunds by local day: the refunds view (upstream) and the store hold the oracle's days", async () => {
      await fc.assert(
        fc.asyncProperty(caseArb(), async ({ shop, range }) => {
          counted.refunds++;
          setUpstreamClientForTests(fx.client);
          await syncRange(shop, range);
          const expected = recountRefundsByDay(fx.raw.get(shop.id)!);
          const inRange = (day: string) => day >= range.from && day <= range.to;
          const want = [...expected].filter(([day, value]) => inRange(day) && value !== 0).sort();
          const view = await loadRefunds({ ...shop, currency: 'USD' }, rangeQuery({ from: range.from, to: range.to }));
          expect(view.items.map((d) => [d.day, Math.round(d.value * 100)]).filter(([, v]) => v !== 0)).toEqual(want);
          const stored = await refundsByDay(fx.store.db, shop.id, range.from, range.to);
          expect(
            stored
              .map((d) => [d.local_day, d.value])
              .filter(([, v]) => v !== 0)
              .sort(),
          ).toEqual(want);
        }),
        { numRuns: REFUND_RUNS, seed: SEED + 3, endOnFailure: true },
      );
    }, 600_000);

    it('reports the number of generated cases it ran', () => {
      // Printed so CI logs (and the release run) say how many cases were checked.
      console.info(
        `[properties] postgres=${postgres}: SKU report ${counted.sku} cases (${counted.withCosts} with the seller's costs, ${counted.recosted} re-costing lines, ${counted.allocated} allocating, ${counted.fulfilment} charging fulfilment, ${counted.perOrder} with a fee per order and orders of several SKUs), overview ${counted.overview} cases, orders export ${counted.exports} cases, refunds ${counted.refunds} cases`,
      );
      expect(counted.refunds).toBeGreaterThanOrEqual(REFUND_RUNS);
      expect(counted.exports).toBeGreaterThanOrEqual(EXPORT_RUNS);
      expect(counted.sku).toBeGreaterThanOrEqual(SKU_RUNS);
      // The generated costs reach both paths the seller's inputs take: re-costed lines and allocation.
      expect(counted.recosted).toBeGreaterThan(0);
      expect(counted.allocated).toBeGreaterThan(0);
      expect(counted.fulfilment).toBeGreaterThan(0);
      expect(counted.perOrder).toBeGreaterThan(0);
      expect(counted.overview).toBeGreaterThanOrEqual(OVERVIEW_RUNS);
    });
  },
);
