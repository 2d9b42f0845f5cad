import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Order } from '@/lib/contract';
import { boundedCache } from '@/lib/config/caches';
import { emptyInputs } from '@/lib/costs/kinds';
import { settlementReport } from '@/lib/reports/settlement-report';
import { keptPricingModel, learnPricingModel } from '@/lib/server/loaders/pricing';
import { keptSettlementReport } from '@/lib/server/loaders/settlement';
import { partSums } from '@/lib/store/part-sums';
import { sumsBySku } from '@/lib/store/reads';
import { localDayOf, localDayStart, shiftDay } from '@/tests/support/oracle/recount';
import { catalogPricingInputs } from '@/tests/support/pricing-inputs';
import { propertyFixture } from '@/tests/support/property/fixture';
import { runs, SEED, todayOf } from './arbitraries';

// Unchanged is unchanged (docs/ARCHITECTURE.md#unchanged-is-unchanged): a sync that reads an order
// again and finds the same payload on the same day writes nothing of it but the time it was seen,
// so its month keeps its version and every answer kept under that version (the months' sums, the
// Pricing model, the Settlement report) is served on; a real change moves exactly its months, and
// whatever is kept then equals what is learned afresh. Generated steps between two asks: days read
// again from the service (as the refresh policy and the settlement check read them), orders
// settling at the service, stored orders rewritten as a changed upstream would leave them, an order
// that vanished upstream, the seller's unit costs edited. The oracle of "changed": the store's
// payloads of the re-read days against the service's, compared before the read.

const RUNS = runs(10);
const DAY_MS = 86_400_000;

type Step =
  | { kind: 'reread'; end: number; days: number }
  | { kind: 'settle'; days: number }
  | { kind: 'rewrite'; pick: number[]; fee: number }
  | { kind: 'vanish'; pick: number }
  | { kind: 'cogs'; sku: number; cents: number }
  | { kind: 'nothing' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('reread' as const),
      end: fc.nat({ max: 60 }),
      days: fc.integer({ min: 1, max: 8 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('settle' as const), days: fc.integer({ min: 1, max: 6 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('rewrite' as const),
      pick: fc.array(fc.nat({ max: 10_000 }), { minLength: 1, maxLength: 3 }),
      fee: fc.integer({ min: 1, max: 900 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('vanish' as const), pick: fc.nat({ max: 10_000 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('cogs' as const),
      sku: fc.nat({ max: 100 }),
      cents: fc.integer({ min: 0, max: 5_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'nothing' as const }) },
);

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'a re-read of unchanged orders changes nothing kept (postgres: %s)',
  (postgres) => {
    // The service settles orders by the fixture's clock, which a step moves on.
    const fx = propertyFixture({ orders: 1_200, postgres, rawDays: 0, firstShopOnly: true, syncDays: 120 });

    const today = () => todayOf(fx.shop.timezone);

    async function versions(): Promise<Map<string, number>> {
      const rows = await fx.store.db
        .selectFrom('st_month_version')
        .select(['month', 'version'])
        .where('shop_id', '=', fx.shop.id)
        .execute();
      return new Map(rows.map((r) => [r.month, Number(r.version)]));
    }

    /** Months whose version moved between two readings. */
    function moved(before: Map<string, number>, after: Map<string, number>): string[] {
      return [...new Set([...before.keys(), ...after.keys()])].filter((m) => before.get(m) !== after.get(m)).sort();
    }

    /** The stored orders of [from, to] (shop-local days): id → payload. */
    async function stored(from: string, to: string): Promise<Map<string, { payload: string; day: string }>> {
      const rows = await fx.store.db
        .selectFrom('st_order')
        .select(['order_id', 'payload', 'local_day'])
        .where('shop_id', '=', fx.shop.id)
        .where('local_day', '>=', from)
        .where('local_day', '<=', to)
        .execute();
      return new Map(rows.map((r) => [r.order_id, { payload: r.payload, day: r.local_day }]));
    }

    /** The service's orders of [from, to] now, as the client reads them: id → payload. */
    async function atService(from: string, to: string): Promise<Map<string, { payload: string; day: string }>> {
      const out = new Map<string, { payload: string; day: string }>();
      const window = {
        startDate: localDayStart(from, fx.shop.timezone),
        endDate: localDayStart(shiftDay(to, 1), fx.shop.timezone) - 1,
      };
      for (let page = 1; ; page++) {
        const answer = await fx.client.orders(fx.shop.id, { ...window, sort: 'ASC', page, limit: 100 });
        for (const o of answer.items)
          out.set(o.id, { payload: JSON.stringify(o), day: localDayOf(o.createTime, fx.shop.timezone) });
        if (page >= answer.pagination.totalPages) return out;
      }
    }

    /** The months an exact copy of the service's [from, to] would change in the store: the oracle of a re-read. */
    function differing(
      mine: Map<string, { payload: string; day: string }>,
      theirs: Map<string, { payload: string; day: string }>,
    ): string[] {
      const months = new Set<string>();
      for (const [id, o] of mine) if (theirs.get(id)?.payload !== o.payload) months.add(o.day.slice(0, 7));
      for (const [id, o] of theirs) if (mine.get(id)?.payload !== o.payload) months.add(o.day.slice(0, 7));
      return [...months].sort();
    }

    /** Rows in one order (the store reads them in no particular one). */
    const inOrder = <T extends object>(rows: T[]): T[] =>
      rows
        .map((r) => [JSON.stringify(r), r] as const)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([, r]) => r);

    /** `compute` with no month sums kept: what the store gives afresh (the kept ones are put back after). */
    async function afresh<T>(compute: () => Promise<T>): Promise<T> {
      const sums = boundedCache<string, readonly unknown[]>('monthSums', { size: () => 1 });
      const kept = sums.dump();
      sums.clear();
      try {
        return await compute();
      } finally {
        sums.clear();
        sums.load(kept);
      }
    }

    /** Reads the days again as the refresh policy and the settlement check do; then the store holds exactly the service's orders of them. */
    async function readAgain(first: string, last: string): Promise<void> {
      const days: string[] = [];
      for (let d = first; d <= last; d = shiftDay(d, 1)) days.push(d);
      await fx.engine.ensure(fx.shop, { from: first, to: last }, { force: days });
      await fx.engine.idle(fx.shop.id);
      expect([...(await stored(first, last)).keys()].sort()).toEqual([...(await atService(first, last)).keys()].sort());
    }

    async function storedPayloads(): Promise<Order[]> {
      const rows = await fx.store.db
        .selectFrom('st_order')
        .select('payload')
        .where('shop_id', '=', fx.shop.id)
        .where('local_day', '>=', shiftDay(today(), -60))
        .orderBy('order_id')
        .execute();
      return rows.map((r) => JSON.parse(r.payload) as Order);
    }

    it('moves exactly the months whose orders changed, and kept answers equal fresh ones', async () => {
      const seen = { unchangedRereads: 0, changedRereads: 0, vanished: 0 };
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 5, max: 90 }),
          fc.integer({ min: 0, max: 20 }),
          fc.array(stepArb, { minLength: 1, maxLength: 5 }),
          async (days, end, steps) => {
            const to = shiftDay(today(), -end);
            const range = { from: shiftDay(to, -(days - 1)), to };
            const { skus, inputs } = await catalogPricingInputs(fx.store, fx.shop.id);
            let model = await keptPricingModel(fx.store.db, fx.shop.id, range, inputs);
            let report = await keptSettlementReport(fx.store.db, fx.shop.id, range);
            for (const step of steps) {
              const before = await versions();
              /** The months this step changes in the store: the oracle's. */
              let expected: string[] = [];
              if (step.kind === 'reread') {
                const last = shiftDay(today(), -step.end);
                const first = shiftDay(last, -(step.days - 1));
                expected = differing(await stored(first, last), await atService(first, last));
                await readAgain(first, last);
                if (expected.length === 0) seen.unchangedRereads += 1;
                else seen.changedRereads += 1;
              }
              if (step.kind === 'settle') fx.settle.ms += step.days * DAY_MS;
              if (step.kind === 'rewrite' || step.kind === 'vanish') {
                const orders = await storedPayloads();
                const picked = (step.kind === 'rewrite' ? step.pick : [step.pick]).map((i) =>
                  structuredClone(orders[i % orders.length]!),
                );
                for (const o of picked) {
                  if (step.kind === 'vanish') {
                    // Stored by an earlier sync, gone from the service since: the next read of its day removes it.
                    o.id = `${o.id}-vanished`;
                    continue;
                  }
                  const p = o.products[0]!;
                  const fee = -step.fee / 100;
                  p.platformFees = {
                    ...p.platformFees,
                    transactionFee: fee,
                    total: p.platformFees.total - p.platformFees.transactionFee + fee,
                  };
                }
                const day = localDayOf(picked[0]!.createTime, fx.shop.timezone);
                const mine = new Map<string, { payload: string; day: string }>();
                for (const o of picked) {
                  const d = localDayOf(o.createTime, fx.shop.timezone);
                  for (const [id, row] of await stored(d, d)) mine.set(id, row);
                }
                const written = new Map(
                  picked.map((o) => [
                    o.id,
                    { payload: JSON.stringify(o), day: localDayOf(o.createTime, fx.shop.timezone) },
                  ]),
                );
                expected = [...new Set(differing(new Map([...mine].filter(([id]) => written.has(id))), written))];
                await fx.store.upsertOrders(fx.shop.id, fx.shop.timezone, picked);
                if (step.kind === 'vanish') {
                  expected = [
                    ...new Set([...expected, ...differing(await stored(day, day), await atService(day, day))]),
                  ];
                  await readAgain(day, day);
                  expect((await stored(day, day)).has(picked[0]!.id)).toBe(false);
                  seen.vanished += 1;
                }
                expected.sort();
              }
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
              const after = await versions();
              // A write moves the months it changed, and no other; a re-read that found nothing new moves none.
              expect(moved(before, after)).toEqual(expected);

              const keptModel = await keptPricingModel(fx.store.db, fx.shop.id, range, inputs);
              expect(keptModel).toEqual(await learnPricingModel(fx.store.db, fx.shop.id, range, inputs));
              const keptReport = await keptSettlementReport(fx.store.db, fx.shop.id, range);
              expect(keptReport).toEqual(await settlementReport(fx.store.db, fx.shop.id, range));
              const sums = () => sumsBySku(fx.store.db, fx.shop.id, range.from, range.to).then(inOrder);
              expect(await sums()).toEqual(await afresh(sums));
              const parts = () => partSums(fx.store.db, fx.shop.id, range.from, range.to).then(inOrder);
              expect(await parts()).toEqual(await afresh(parts));
              if (expected.length === 0 && step.kind !== 'cogs') {
                // Nothing kept was written: the very answers kept before, not learned again.
                expect(keptModel).toBe(model);
                expect(keptReport.observed).toBe(report.observed);
              }
              model = keptModel;
              report = keptReport;
            }
          },
        ),
        { numRuns: RUNS, seed: SEED },
      );
      console.log(
        `[properties] postgres=${postgres}: ${seen.unchangedRereads} re-reads found nothing new, ${seen.changedRereads} found changes, ${seen.vanished} vanished orders removed`,
      );
      // The generated steps did read unchanged days again, and did change some.
      expect(seen.unchangedRereads).toBeGreaterThan(0);
      expect(seen.changedRereads + seen.vanished).toBeGreaterThan(0);
    }, 900_000);
  },
);
