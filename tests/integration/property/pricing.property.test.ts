import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Shop } from '@/lib/contract';
import { readPricingLines } from '@/lib/pricing/read';
import { pricingModel, whatIf, type PricingModel } from '@/lib/pricing/report';
import type { SkuOverhead } from '@/lib/pricing/model';
import { EMPTY_SCENARIO, type Scenario } from '@/lib/pricing/replay';
import { skuReport } from '@/lib/reports/sku-report';
import { evaluateRule } from '@/lib/alerts/evaluate';
import { emptyInputs } from '@/lib/costs/kinds';
import { skuInfo } from '@/lib/store/reads';
import { lookback, recountWhatIf, type OracleChange } from '@/tests/support/oracle/pricing';
import { shiftDay } from '@/tests/support/oracle/recount';
import { propertyFixture } from '@/tests/support/property/fixture';
import { runs, SEED, todayOf, type Range } from './arbitraries';

// The what-if replays the lookback's real lines with generated changes; an independent recount of
// the same raw orders with the same changes (tests/support/oracle/pricing) must agree: to the cent
// when nothing changes (and then equal the SKU report's own figures), within a cent of rounding
// otherwise. Every answer, put into the recount's what-if, replays to what it promises, for every
// SKU, however few its lines.

const RUNS = runs(25);

const adjustArb = fc.oneof(
  fc.integer({ min: 1, max: 20_000 }).map((to) => ({ to })),
  fc.integer({ min: -50, max: 100 }).map((p) => ({ by: p / 100 })),
);
const changeArb = fc.record(
  {
    price: adjustArb,
    promo: fc.integer({ min: 0, max: 60 }).map((p) => p / 100),
    commission: fc.integer({ min: 0, max: 40 }).map((p) => p / 100),
    cogs: adjustArb,
    shipping: adjustArb,
  },
  { requiredKeys: [] },
);

function scenarioArb(skus: readonly string[]): fc.Arbitrary<Scenario> {
  return fc.record({
    all: fc.oneof(fc.constant({}), changeArb),
    skus: fc
      .uniqueArray(fc.constantFrom(...skus), { maxLength: 3 })
      .chain((ids) =>
        fc.tuple(...ids.map(() => changeArb)).map((cs) => Object.fromEntries(ids.map((id, i) => [id, cs[i]!]))),
      ),
    elasticity: fc.option(
      fc.integer({ min: -30, max: 0 }).map((e) => e / 10),
      { nil: null },
    ),
  });
}

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'the what-if equals the recount of the raw orders with the changes (postgres: %s)',
  (postgres) => {
    const fx = propertyFixture({ orders: 1_500, postgres, rawDays: 420, syncDays: 400 });

    const lookbackArb = (shop: Shop) =>
      fc.tuple(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 6, max: 364 })).map(([end, len]): Range => {
        const to = shiftDay(todayOf(shop.timezone), -end);
        return { from: shiftDay(to, -len), to };
      });

    /** The seller's costs placed on some SKUs (ad spend, other costs: ≤ 0 cents), as the SKU report gives them. */
    const placedArb = (skus: readonly string[]) =>
      fc
        .uniqueArray(fc.constantFrom(...skus), { maxLength: 4 })
        .chain((ids) =>
          fc
            .tuple(
              ...ids.map(() => fc.tuple(fc.integer({ min: -20_000, max: 0 }), fc.integer({ min: -5_000, max: 0 }))),
            )
            .map((costs) => new Map(ids.map((id, i) => [id, { adSpend: costs[i]![0], other: costs[i]![1] }]))),
        );

    const caseArb = () =>
      fc.integer({ min: 0, max: fx.shops.length - 1 }).chain((i) => {
        const shop = fx.shops[i]!;
        const skus = [...fx.raw.get(shop.id)!.prices.keys()];
        return fc.record({
          shop: fc.constant(shop),
          range: lookbackArb(shop),
          scenario: scenarioArb(skus),
          target: fc.integer({ min: 0, max: 60 }).map((t) => t / 100),
          overheads: placedArb(skus),
        });
      });

    async function modelOf(
      shop: Shop,
      range: Range,
      target: number,
      overheads: ReadonlyMap<string, SkuOverhead> = new Map(),
    ): Promise<PricingModel> {
      const info = await skuInfo(fx.store.db, shop.id);
      const prices = new Map([...info].map(([sku, i]) => [sku, i.priceCents]));
      const lines = await readPricingLines(fx.store.db, shop.id, range, prices, null);
      return pricingModel({ lines, prices, overheads, refunds: 0, drift: null }, target);
    }

    const placedOf = (overheads: ReadonlyMap<string, SkuOverhead>) =>
      new Map([...overheads].map(([sku, o]) => [sku, o.adSpend + o.other]));

    it('replays generated changes as the recount does; no change is the identity, to the cent', async () => {
      let changedFigures = 0;
      await fc.assert(
        fc.asyncProperty(caseArb(), async ({ shop, range, scenario, target, overheads }) => {
          const model = await modelOf(shop, range, target, overheads);
          const want = recountWhatIf(fx.raw.get(shop.id)!, range.from, range.to, scenario, placedOf(overheads));
          const got = whatIf(model, scenario);
          expect(new Set(got.skus.map((s) => s.skuId))).toEqual(new Set(want.keys()));
          for (const s of got.skus) {
            const w = want.get(s.skuId)!;
            expect({ sku: s.skuId, ...s.before }).toEqual({ sku: s.skuId, ...w.before });
            expect(Math.abs(s.after.netSales - w.after.netSales)).toBeLessThanOrEqual(1);
            expect(Math.abs(s.after.netProfit - w.after.netProfit)).toBeLessThanOrEqual(1);
            for (const m of s.months) {
              expect(Math.abs(m.after.netProfit - w.months.get(m.month)!.netProfit)).toBeLessThanOrEqual(1);
            }
            expect(s.creators === null).toBe(w.creators === null);
            if (s.creators && w.creators) {
              expect(Math.abs(s.creators.before.netProfit - w.creators.before.netProfit)).toBeLessThanOrEqual(1);
              expect(Math.abs(s.creators.after.netProfit - w.creators.after.netProfit)).toBeLessThanOrEqual(1);
            }
            if (s.after.netProfit !== s.before.netProfit) changedFigures += 1;
          }
          const identity = whatIf(model, EMPTY_SCENARIO);
          for (const s of identity.skus) expect(s.after).toEqual(s.before);
          // Before is the SKU report's own figures (the service's costs), to the cent.
          const plain = await modelOf(shop, range, target);
          const report = await skuReport({ store: fx.store, now: Date.now() }, shop, range, {});
          const reported = new Map(report.rows.map((r) => [r.skuId, { netSales: r.netSales, netProfit: r.netProfit }]));
          for (const s of whatIf(plain, EMPTY_SCENARIO).skus)
            expect({ sku: s.skuId, ...s.before }).toEqual({ sku: s.skuId, ...reported.get(s.skuId) });
        }),
        { numRuns: RUNS, seed: SEED },
      );
      expect(changedFigures).toBeGreaterThan(0);
    }, 600_000);

    it('the fee model gives back the lookback’s fees with its stated error, for SKUs of few lines and of many', async () => {
      await fc.assert(
        fc.asyncProperty(caseArb(), async ({ shop, range, target }) => {
          const model = await modelOf(shop, range, target);
          for (const { model: m } of model.skus) {
            const own = model.replayInputs.find((i) => i.skuId === m.skuId)!.lines;
            let actual = 0;
            let modelled = 0;
            let off = 0;
            for (const l of own) {
              const fees = -Object.values(l.fees).reduce((a, b) => a + b, 0);
              const ns = l.grossSales + l.promos;
              const mine = m.fees.reduce((a, f) => a + (f.basis === 'sales' ? f.rate * ns : f.perLine), 0);
              actual += fees;
              modelled += mine;
              off += Math.abs(fees - mine);
            }
            expect(Math.abs(modelled - actual)).toBeLessThanOrEqual(1);
            if (actual !== 0) expect(m.feeFitError).toBeCloseTo(off / actual, 9);
          }
        }),
        { numRuns: RUNS, seed: SEED },
      );
    }, 600_000);

    // Every answer, put into the what-if of the recount (tests/support/oracle/pricing, not lib/),
    // replays to its promise: the break-even price and the deepest promo to a net profit of 0, the
    // target price and the deepest promo for the target to the target margin, the highest
    // commission to the target margin of the lines sold through a creator. Prices are rounded to the
    // cent (±1 cent per unit); the shares are exact (±1 cent, the recount's own rounding).
    it('every pricing answer replays to its promise in the recount, for SKUs with 1–9 lines and with many', async () => {
      const checked = { few: 0, many: 0, promo: 0, commission: 0 };
      await fc.assert(
        fc.asyncProperty(caseArb(), async ({ shop, range, target, overheads }) => {
          const model = await modelOf(shop, range, target, overheads);
          const placed = placedOf(overheads);
          const recount = lookback(fx.raw.get(shop.id)!, range.from, range.to);
          const replay = (skuId: string, change: OracleChange) =>
            recount({ all: {}, skus: { [skuId]: change }, elasticity: null }, placed, skuId).get(skuId)!;
          const left = (f: { netSales: number; netProfit: number }, margin: number) =>
            f.netProfit - margin * f.netSales;
          for (const { model: m, answers: a } of model.skus) {
            if (m.units === null) {
              expect(a.breakEvenPrice).toBeNull();
              continue;
            }
            const perUnit = Math.max(1, m.units);
            const at = (sku: string, change: OracleChange) => replay(sku, change).after;
            const promise = (change: OracleChange, margin: number, tolerance: number) =>
              expect({ sku: m.skuId, change, off: Math.abs(left(at(m.skuId, change), margin)) <= tolerance }).toEqual({
                sku: m.skuId,
                change,
                off: true,
              });
            if (a.breakEvenPrice !== null && a.breakEvenPrice > 0)
              promise({ price: { to: a.breakEvenPrice } }, 0, perUnit);
            if (a.targetPrice !== null && a.targetPrice > 0) promise({ price: { to: a.targetPrice } }, target, perUnit);
            for (const [share, margin] of [
              [a.maxPromoBreakEven, 0],
              [a.maxPromoTarget, target],
            ] as const) {
              if (share === null) continue;
              // Below 0 no promo keeps it ("None"): with none at all, the SKU is already short of it.
              if (share < 0) expect(left(at(m.skuId, { promo: 0 }), margin)).toBeLessThan(1);
              else if (share < 1) {
                promise({ promo: share }, margin, 1);
                checked.promo += 1;
              }
            }
            const creators = replay(m.skuId, { commission: a.maxCommissionRate ?? 0 }).creators;
            expect(a.maxCommissionRate === null).toBe(creators === null);
            if (creators && a.maxCommissionRate !== null && a.maxCommissionRate >= 0 && a.maxCommissionRate < 1) {
              expect(Math.abs(left(creators.after, target))).toBeLessThanOrEqual(1);
              checked.commission += 1;
            }
            if (a.breakEvenCogs !== null && a.breakEvenCogs > 0)
              expect(Math.abs(at(m.skuId, { cogs: { to: a.breakEvenCogs } }).netProfit)).toBeLessThanOrEqual(perUnit);
            checked[m.lines < 10 ? 'few' : 'many'] += 1;
          }
        }),
        { numRuns: RUNS, seed: SEED },
      );
      expect(checked.few).toBeGreaterThan(0);
      expect(checked.many).toBeGreaterThan(0);
      expect(checked.promo).toBeGreaterThan(0);
      expect(checked.commission).toBeGreaterThan(0);
    }, 600_000);

    it('the alert "a SKU sells below its break-even price" names the SKUs the SKU profit page says lose money, each linking to Pricing', async () => {
      let alerted = 0;
      for (const shop of fx.shops) {
        // A unit cost of twice the list price on two SKUs: they sell below break-even.
        const prices = [...fx.raw.get(shop.id)!.prices].filter(([, p]) => p > 0).slice(0, 2);
        const costs = {
          ...emptyInputs(),
          cogs: prices.map(([skuId, p], i) => ({ id: `c${i}`, skuId, fromDay: '2020-01-01', unitCostCents: 2 * p })),
        };
        for (const days of [7, 30, 90]) {
          const now = Date.now();
          const ctx = {
            store: fx.store,
            shop: { id: shop.id, name: shop.shopName, timezone: shop.timezone, currency: 'USD' },
            now,
            costs,
            progress: null,
          };
          const found = await evaluateRule('sku-below-break-even', { days, minLines: 10 }, ctx);
          const today = todayOf(shop.timezone);
          const range = { from: shiftDay(today, -(days - 1)), to: today };
          const report = await skuReport({ store: fx.store, now }, shop, range, { costs });
          const info = await skuInfo(fx.store.db, shop.id);
          // With 10 lines or more (its own shares) and a list price, a SKU's unit profit at its list
          // price times its units is its net profit: below break-even ⇔ losing money.
          const expected = report.rows
            .filter((r) => r.lines >= 10 && info.get(r.skuId)?.priceCents && r.netProfit < 0)
            .map((r) => `sku:${r.skuId}`)
            .sort();
          expect(found.map((f) => f.subject).sort()).toEqual(expected);
          for (const f of found) expect(f.link).toMatch(/^\/pricing\?/);
          alerted += found.length;
        }
      }
      expect(alerted).toBeGreaterThan(0);
    }, 300_000);
  },
);
