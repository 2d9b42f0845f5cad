import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Order } from '@/lib/contract';
import { emptyInputs } from '@/lib/costs/kinds';
import { pricingReport } from '@/lib/pricing/report';
import { keptPricingModel, learnPricingModel } from '@/lib/server/loaders/pricing';
import { shiftDay } from '@/tests/support/oracle/recount';
import { catalogPricingInputs } from '@/tests/support/pricing-inputs';
import { propertyFixture } from '@/tests/support/property/fixture';
import { runs, SEED, todayOf } from './arbitraries';

// The Pricing page keeps its learned model until a month of its lookback is written again
// (lib/server/loaders/pricing keptPricingModel, lib/store/month-cache keptForRange). Whatever
// happens between two asks — stored orders rewritten (a fee changed, an estimate settled), the
// seller's unit costs, the catalog prices, the target or the settlement view changed — the model
// a page gets equals the one learned afresh from the store at that moment.

const RUNS = runs(12);

type Step =
  | { kind: 'orders'; pick: number[]; fee: number; settle: boolean }
  | { kind: 'cogs'; sku: number; cents: number }
  | { kind: 'price'; sku: number; cents: number }
  | { kind: 'view'; target: number; settlement: 'expected' | 'reported' }
  | { kind: 'nothing' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('orders' as const),
    pick: fc.array(fc.nat({ max: 10_000 }), { minLength: 1, maxLength: 4 }),
    fee: fc.integer({ min: 1, max: 900 }),
    settle: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('cogs' as const),
    sku: fc.nat({ max: 100 }),
    cents: fc.integer({ min: 0, max: 5_000 }),
  }),
  fc.record({
    kind: fc.constant('price' as const),
    sku: fc.nat({ max: 100 }),
    cents: fc.integer({ min: 1, max: 9_000 }),
  }),
  fc.record({
    kind: fc.constant('view' as const),
    target: fc.integer({ min: 0, max: 60 }).map((t) => t / 100),
    settlement: fc.constantFrom('expected' as const, 'reported' as const),
  }),
  fc.constant({ kind: 'nothing' as const }),
);

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'a kept Pricing model is the one learned afresh (postgres: %s)',
  (postgres) => {
    const fx = propertyFixture({ orders: 1_200, postgres, rawDays: 0, firstShopOnly: true, syncDays: 120 });

    /** Rewrites stored orders of the lookback as a sync would: a fee part moved, an estimate maybe settled. */
    async function rewrite(range: { from: string; to: string }, step: Extract<Step, { kind: 'orders' }>) {
      const rows = await fx.store.db
        .selectFrom('st_order')
        .select('payload')
        .where('shop_id', '=', fx.shop.id)
        .where('local_day', '>=', range.from)
        .where('local_day', '<=', range.to)
        .orderBy('order_id')
        .execute();
      const orders = step.pick.map((i) => JSON.parse(rows[i % rows.length]!.payload) as Order);
      for (const o of orders) {
        const p = o.products[0]!;
        const fee = -step.fee / 100;
        p.platformFees = {
          ...p.platformFees,
          transactionFee: fee,
          total: p.platformFees.total - p.platformFees.transactionFee + fee,
        };
        if (step.settle) o.orderType = 'SETTLED';
      }
      await fx.store.upsertOrders(fx.shop.id, fx.shop.timezone, orders);
    }

    it('after stored orders, unit costs, prices or the view change, to the last figure', async () => {
      let changed = 0;
      let kept = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 5, max: 110 }),
          fc.integer({ min: 0, max: 20 }),
          fc.array(stepArb, { minLength: 1, maxLength: 5 }),
          async (days, end, steps) => {
            const to = shiftDay(todayOf(fx.shop.timezone), -end);
            const range = { from: shiftDay(to, -(days - 1)), to };
            const { skus, inputs } = await catalogPricingInputs(fx.store, fx.shop.id);
            let before = await keptPricingModel(fx.store.db, fx.shop.id, range, inputs);
            for (const step of steps) {
              if (step.kind === 'orders') await rewrite(range, step);
              if (step.kind === 'cogs') {
                const cogs = [...(inputs.costs?.cogs ?? [])];
                cogs.push({
                  id: `c${cogs.length}`,
                  skuId: skus[step.sku % skus.length]!,
                  fromDay: range.from,
                  unitCostCents: step.cents,
                });
                inputs.costs = { ...emptyInputs(), cogs };
              }
              if (step.kind === 'price') {
                inputs.prices = new Map(inputs.prices).set(skus[step.sku % skus.length]!, step.cents);
              }
              if (step.kind === 'view') Object.assign(inputs, { target: step.target, settlement: step.settlement });
              const got = await keptPricingModel(fx.store.db, fx.shop.id, range, inputs);
              const fresh = await learnPricingModel(fx.store.db, fx.shop.id, range, inputs);
              expect(got).toEqual(fresh);
              // The page's report is built from the shared (frozen) model as from a fresh one.
              const report = (model: typeof got) =>
                pricingReport(
                  model,
                  { all: { price: { by: 0.1 } }, skus: {}, elasticity: -1 },
                  {
                    target: inputs.target,
                    settlement: inputs.settlement,
                    names: new Map(),
                    search: null,
                    sort: { key: 'gap', dir: 'asc' },
                  },
                );
              expect(report(got)).toEqual(report(fresh));
              if (step.kind === 'nothing') {
                // Nothing was written and no input moved: the same model, not learned again.
                expect(got).toBe(before);
                kept += 1;
              }
              try {
                expect(fresh).toEqual(before);
              } catch {
                changed += 1;
              }
              before = got;
            }
          },
        ),
        { numRuns: RUNS, seed: SEED },
      );
      // The steps did move the figures (a stale model would have failed above), and a model was kept.
      expect(changed).toBeGreaterThan(0);
      expect(kept).toBeGreaterThan(0);
    }, 600_000);
  },
);
