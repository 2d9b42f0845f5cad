import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from '@/lib/contract';
import { settlementReport, type SettlementReport } from '@/lib/reports/settlement-report';
import type { DriftGroup } from '@/lib/reports/settlement';
import { MONEY_COLUMNS } from '@/lib/store/schema';
import {
  localDayOf,
  localDayStart,
  readShop,
  shiftDay,
  type RawOrder,
  type Switches,
} from '@/tests/support/oracle/recount';
import {
  DRIFT_COLUMNS,
  recountDrift,
  settledSinceFirstRead,
  type OracleDriftGroup,
} from '@/tests/support/oracle/settlement';
import { propertyFixture } from '@/tests/support/property/fixture';
import { DEMO_KEY, DEMO_SECRET } from '@/tests/support/sync/harness';
import { runs, SEED } from './arbitraries';

// Observed settlement drift equals the oracle's recount from the service's two states of each
// order. The embedded service runs on a clock of its own: the dashboard syncs the last SPAN days
// while the clock is at the generation time, and the oracle reads every order as a client would
// (over the HTTP handler); then the clock moves ADVANCE_DAYS on in two steps, many orders settle,
// after each step the dashboard re-reads the days whose orders settled (checkUnsettled), and at the
// end the oracle reads them again. For
// generated sub-ranges, switches and sizes of the top list, every figure of settlementReport's
// observed drift (overall and per SKU; the top orders and their line diffs) and the backtest's
// counts equal the recount from those two raw reads.

const DAY = 86_400;
/** Days synced, ending today (shop-local). */
const SPAN = 40;
/** How far the service's clock moves between the two reads. */
const ADVANCE_DAYS = 20;
const DRIFT_RUNS = runs(20);
/** A top list long enough to hold every observed order. */
const ALL = 1_000_000;
const DEFAULT_SWITCHES: Switches = { includeCancelled: false, includeSamples: false };

/** Float figures (means, ratios, percentiles) agree to rounding; null only with null. */
function near(actual: number | null, expected: number | null): boolean {
  if (actual === null || expected === null) return actual === expected;
  return Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
}

/** Every difference between a reported drift group and the oracle's, as readable lines. */
function groupMismatches(label: string, got: DriftGroup, want: OracleDriftGroup): string[] {
  const out: string[] = [];
  for (const k of ['orders', 'ordersWithSales', 'netSales'] as const)
    if (got[k] !== want[k]) out.push(`${label} ${k}: ${got[k]} ≠ ${want[k]}`);
  if (got.changed.join() !== want.changed.join())
    out.push(`${label} changed: ${got.changed.join()} ≠ ${want.changed.join()}`);
  for (const c of DRIFT_COLUMNS) {
    const g = got.columns[c];
    const w = want.columns[c];
    if (g.total !== w.total) out.push(`${label} ${c}.total: ${g.total} ≠ ${w.total}`);
    for (const k of ['mean', 'ofNetSales', 'p10', 'p90'] as const)
      if (!near(g[k], w[k])) out.push(`${label} ${c}.${k}: ${g[k]} ≠ ${w[k]}`);
  }
  return out;
}

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'observed settlement drift equals the recount of the two raw states (postgres: %s)',
  (postgres) => {
    // The fixture's start is the data's generation time and the dashboard's clock; the service's
    // settlement clock (fx.settle) moves on.
    const fx = propertyFixture({ orders: 3_000, postgres, rawDays: 0, frozenNow: true });
    /** Each shop's synced days. */
    const synced = new Map<string, { from: string; to: string }>();
    /** Each shop's orders as read before and after the clock moved. */
    const first = new Map<string, RawOrder[]>();
    const second = new Map<string, RawOrder[]>();
    const counted = { settled: 0, cases: 0, observed: 0, all: 0, custom: 0, emptyRanges: 0 };

    const read = async (shop: Shop): Promise<RawOrder[]> => {
      const fetch = (request: Request) => fx.svc.handler.handle(request, { clientIp: '127.0.0.1' });
      const from = localDayStart(synced.get(shop.id)!.from, shop.timezone) - DAY;
      const to = Math.floor(fx.startMs / 1000) + DAY;
      return (await readShop(fetch, DEMO_KEY, DEMO_SECRET, shop.id, shop.timezone, from, to)).orders;
    };

    beforeAll(async () => {
      for (const shop of fx.shops) {
        const today = localDayOf(Math.floor(fx.startMs / 1000), shop.timezone);
        const range = { from: shiftDay(today, -(SPAN - 1)), to: today };
        synced.set(shop.id, range);
        await fx.engine.sync(shop, range);
        first.set(shop.id, await read(shop));
      }
      // A clock moved by more than the check interval applies the settlements due at the next
      // orders request. It moves in two steps, the dashboard checking after each: the second check
      // re-reads days some of whose orders it already saw settled, and open ones it saw twice.
      for (const step of [ADVANCE_DAYS / 2, ADVANCE_DAYS / 2]) {
        fx.settle.ms += step * DAY * 1000;
        for (const shop of fx.shops) {
          const checked = await fx.engine.checkUnsettled(shop, SPAN);
          if (checked === 'busy') throw new Error(`${shop.id} was busy`);
          await fx.engine.idle(shop.id);
          const progress = await fx.engine.progress(shop.id);
          if (progress.state === 'failed') throw new Error(progress.error ?? 'the re-read failed');
        }
      }
      for (const shop of fx.shops) second.set(shop.id, await read(shop));
    }, 300_000);

    it('has data where orders settled between the reads, others were settled or open throughout', () => {
      let settled = 0;
      let drafts = 0;
      let firstSeenSettled = 0;
      let stillOpen = 0;
      let leftOut = 0;
      for (const shop of fx.shops) {
        const a = first.get(shop.id)!;
        const b = second.get(shop.id)!;
        expect(b.map((o) => o.id).sort()).toEqual(a.map((o) => o.id).sort());
        const moved = settledSinceFirstRead(a, b);
        const byId = new Map(a.map((o) => [o.id, o]));
        settled += moved.size;
        for (const id of moved) {
          const o = byId.get(id)!;
          if (o.orderType === 'DRAFT') drafts++;
          if (o.status.toUpperCase() === 'CANCELLED' || o.sampleOrder === 'YES') leftOut++;
        }
        firstSeenSettled += a.filter((o) => o.orderType === 'SETTLED').length;
        stillOpen += b.filter((o) => o.orderType !== 'SETTLED').length;
        // Settlement changes fees, shipping and affiliate commission, never sales or cost of goods.
        const all = recountDrift(a, b, shop.timezone, synced.get(shop.id)!, DEFAULT_SWITCHES).overall;
        expect(all.changed.filter((c) => !['shipping', 'platform_fees', 'affiliate_commission'].includes(c))).toEqual(
          all.changed.length > 0 ? ['total_costs', 'net_profit'] : [],
        );
      }
      counted.settled = settled;
      expect(settled).toBeGreaterThan(200);
      expect(drafts).toBeGreaterThan(0);
      expect(leftOut).toBeGreaterThan(0);
      expect(firstSeenSettled).toBeGreaterThan(0);
      expect(stillOpen).toBeGreaterThan(0);
    });

    const caseArb = () =>
      fc.integer({ min: 0, max: fx.shops.length - 1 }).chain((i) => {
        const shop = fx.shops[i]!;
        const { from } = synced.get(shop.id)!;
        // Ranges in the synced days (single days too), and some reaching up to 10 days before or 5 after them.
        const dayIn = (min: number, max: number) => fc.integer({ min, max }).map((o) => shiftDay(from, o));
        const ordered = ([a, b]: [string, string]) => (a <= b ? { from: a, to: b } : { from: b, to: a });
        return fc.record({
          shop: fc.constant(shop),
          range: fc.oneof(
            { arbitrary: fc.tuple(dayIn(0, SPAN - 1), dayIn(0, SPAN - 1)).map(ordered), weight: 3 },
            { arbitrary: dayIn(0, SPAN - 1).map((d) => ({ from: d, to: d })), weight: 1 },
            { arbitrary: fc.tuple(dayIn(-10, SPAN + 4), dayIn(-10, SPAN + 4)).map(ordered), weight: 1 },
          ),
          switches: fc.oneof(
            { arbitrary: fc.constant(DEFAULT_SWITCHES), weight: 2 },
            { arbitrary: fc.record({ includeCancelled: fc.boolean(), includeSamples: fc.boolean() }), weight: 1 },
          ),
          top: fc.oneof(fc.constant(undefined), fc.integer({ min: 0, max: 15 }), fc.constant(ALL)),
        });
      });

    it('observed drift and the backtest counts equal the recount', async () => {
      await fc.assert(
        fc.asyncProperty(caseArb(), async ({ shop, range, switches, top }) => {
          counted.cases++;
          const a = first.get(shop.id)!;
          const b = second.get(shop.id)!;
          // The store holds the synced days only: the oracle counts the same days of the range.
          const window = synced.get(shop.id)!;
          const within = {
            from: range.from < window.from ? window.from : range.from,
            to: range.to > window.to ? window.to : range.to,
          };
          const want = recountDrift(a, b, shop.timezone, within, switches, top ?? 10);
          const everything = recountDrift(a, b, shop.timezone, within, switches, ALL);
          const report: SettlementReport = await settlementReport(fx.store.db, shop.id, range, { switches, top });
          const all =
            top === ALL ? report : await settlementReport(fx.store.db, shop.id, range, { switches, top: ALL });
          if (want.overall.orders === 0) counted.emptyRanges++;
          counted.observed += want.overall.orders;
          if (top === ALL) counted.all++;
          if (switches !== DEFAULT_SWITCHES) counted.custom++;

          // Overall and per SKU, every figure of every money column.
          const mismatches = groupMismatches('overall', report.observed.overall, want.overall);
          const skuIds = report.observed.skus.map((s) => s.skuId);
          expect(skuIds).toEqual([...skuIds].sort((x, y) => x.localeCompare(y)));
          expect([...skuIds].sort()).toEqual([...want.skus.keys()].sort());
          for (const s of report.observed.skus)
            mismatches.push(...groupMismatches(s.skuId, s, want.skus.get(s.skuId)!));
          expect(mismatches).toEqual([]);

          // The top orders: which, in which order, and each line's difference per column.
          expect(
            report.observed.top.map((o) => ({
              orderId: o.orderId,
              localDay: o.localDay,
              netSales: o.netSales,
              estimateNetProfit: o.estimateNetProfit,
              settledNetProfit: o.settledNetProfit,
              drift: o.drift,
              lines: o.lines.map((l) => ({ lineIndex: l.lineIndex, skuId: l.skuId, diff: l.diff })),
            })),
          ).toEqual(want.top);

          // Every order observed is one the first read saw open and the second settled; none first
          // seen settled (or still open) is counted.
          const observedIds = all.observed.top.map((o) => o.orderId).sort();
          expect(observedIds).toEqual(everything.orders.map((o) => o.orderId).sort());
          const settledFirst = new Set(a.filter((o) => o.orderType === 'SETTLED').map((o) => o.id));
          expect(observedIds.filter((id) => settledFirst.has(id))).toEqual([]);
          const moved = settledSinceFirstRead(a, b);
          expect(observedIds.filter((id) => !moved.has(id))).toEqual([]);

          // The backtest speaks of the same orders: overall, and per SKU its orders with lines of it.
          expect(report.backtest.overall.orders).toBe(want.overall.orders);
          expect(report.backtest.overall.netSales).toBe(want.overall.netSales);
          expect(Object.fromEntries(report.backtest.skus.map((s) => [s.skuId, s.orders]))).toEqual(
            Object.fromEntries([...want.skus].map(([skuId, g]) => [skuId, g.orders])),
          );
        }),
        { numRuns: DRIFT_RUNS, seed: SEED + 11, endOnFailure: true },
      );
    }, 600_000);

    it('compares every money column of the store', () => {
      expect([...DRIFT_COLUMNS]).toEqual([...MONEY_COLUMNS]);
    });

    it('reports the number of generated cases it ran', () => {
      // Printed so CI logs (and the release run) say how many cases were checked.
      console.info(
        `[properties] postgres=${postgres}: settlement drift ${counted.cases} cases over ${counted.settled} orders settled between the reads (${counted.observed} observed orders in all, ${counted.emptyRanges} ranges without any, ${counted.all} with every order listed, ${counted.custom} with other switches)`,
      );
      expect(counted.cases).toBeGreaterThanOrEqual(DRIFT_RUNS);
      expect(counted.observed).toBeGreaterThan(0);
    });
  },
);
