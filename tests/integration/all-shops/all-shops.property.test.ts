import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from '@/lib/contract';
import type { AllShops, AllShopsFigures, AllShopsRow } from '@/lib/all-shops/all-shops';
import { restoreInputs } from '@/lib/store/cost-bulk';
import { daysBetween, recountSkus, shiftDay, type OracleSkuWithCosts } from '@/tests/support/oracle/recount';
import { propertyFixture } from '@/tests/support/property/fixture';
import { totalsMismatches, type TotalRule } from '@/tests/support/totals';
import { body, call, signedInCookie } from '@/tests/integration/api/support';
import { costsArb, rangeArb, runs, SEED, switchesArb, todayOf, toInputs } from '../property/arbitraries';

// All shops converts EACH DAY at the rate in effect on that day. For generated ranges, dated rates
// (starting before, inside or after the range), switches and the seller's costs on one shop, each
// shop's converted figures must equal an independent per-day conversion of the oracle's recount of
// the raw orders (one recount per day, each part converted half away from zero, the bottom line the
// sum of the converted parts), and every field of the totals must be the sum of the counted rows.

const { GET: allShopsRoute } = await import('@/app/api/dashboard/all-shops/route');

const RUNS = runs(12);
const PARTS = ['netProfit', 'sampleCost', 'refunds', 'shopAdSpend', 'expenses'] as const;
const MONEY = ['netSales', 'netProfit', 'adSpend', 'shopAdSpend', 'expenses', 'sampleCost', 'refunds'] as const;

/** cents × rate (a decimal string), rounded half away from zero: written here again, on purpose. */
function convert(cents: number, rate: string): number {
  const [whole, frac = ''] = rate.split('.');
  const scale = 10n ** BigInt(frac.length);
  const product = BigInt(cents) * BigInt(whole! + frac);
  const sign = product < 0n ? -1n : 1n;
  const magnitude = product * sign;
  const rounded = magnitude / scale + ((magnitude % scale) * 2n >= scale ? 1n : 0n);
  return Number(rounded * sign);
}

interface GeneratedRate {
  currency: string;
  fromDay: string;
  rate: string;
}

/** The rate of `currency` on `day`: the one with the latest start on or before it. */
function rateOn(rates: readonly GeneratedRate[], currency: string, day: string): string | null {
  if (currency === 'USD') return '1';
  const found = rates
    .filter((r) => r.currency === currency && r.fromDay <= day)
    .sort((a, b) => (a.fromDay < b.fromDay ? 1 : -1));
  return found[0]?.rate ?? null;
}

const FIGURE_TOTALS = Object.fromEntries(
  [...MONEY, 'netProfitAfterRefunds', 'orderLines', 'chargedCosts'].map((k) => [k, 'sum']),
) as Record<keyof AllShopsFigures, TotalRule<AllShopsFigures, AllShopsFigures>>;

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'All shops converts each day at its rate (postgres: %s)',
  (postgres) => {
    const fx = propertyFixture({ orders: 1_500, postgres, rawDays: 820, serveRoutes: true });
    let cookie = '';
    let withTwoRates = 0;

    beforeAll(async () => {
      cookie = await signedInCookie();
    }, 120_000);

    /** The oracle's converted figures of one shop over the range, day by day. */
    function expectedConverted(
      shop: Shop,
      currency: string,
      range: { from: string; to: string },
      rates: GeneratedRate[],
      c: Case,
    ) {
      const today = todayOf(shop.timezone);
      const total: Record<string, number> = { orderLines: 0, netProfitAfterRefunds: 0 };
      for (const key of MONEY) total[key] = 0;
      // Fulfilment and packaging, information inside net profit: converted day by day like the rest.
      const chargedCosts: Record<string, number> = {};
      for (const day of daysBetween(range.from, range.to < today ? range.to : today)) {
        const rate = rateOn(rates, currency, day)!;
        const e = recountSkus(
          fx.raw.get(shop.id)!,
          { from: day, to: day },
          c.switches,
          undefined,
          c.costsOf.shop === shop.id ? c.costsOf.costs : undefined,
        );
        const parts = {
          netSales: e.totals.netSales,
          netProfit: e.totals.netProfit,
          adSpend: (e.rows as OracleSkuWithCosts[]).reduce((sum, r) => sum + r.adSpend, 0) + e.shopAdSpend,
          shopAdSpend: e.shopAdSpend,
          expenses: e.expenses,
          sampleCost: e.sampleCost,
          refunds: e.refunds,
        };
        for (const key of MONEY) total[key]! += convert(parts[key], rate);
        total.netProfitAfterRefunds! += PARTS.reduce((sum, key) => sum + convert(parts[key], rate), 0);
        total.orderLines! += e.totals.lines;
        const fulfilment = (e.rows as OracleSkuWithCosts[]).reduce((sum, r) => sum + r.fulfilment, 0);
        if (fulfilment !== 0) chargedCosts.fulfilment = (chargedCosts.fulfilment ?? 0) + convert(fulfilment, rate);
      }
      return { ...total, chargedCosts };
    }

    type Costs = ReturnType<typeof costsArb> extends fc.Arbitrary<infer C> ? C : never;
    type Case = {
      range: { from: string; to: string };
      switches: { includeCancelled: boolean; includeSamples: boolean };
      rates: GeneratedRate[];
      costsOf: { shop: string | null; costs: Costs };
    };

    const rateArb = (currency: string, around: string) =>
      fc.record({
        currency: fc.constant(currency),
        fromDay: fc.integer({ min: -420, max: 10 }).map((o) => shiftDay(around, o)),
        rate: fc
          .tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 999_999 }))
          .map(([w, f]) => `${w}.${String(f).padStart(6, '0')}`),
      });

    const caseArb = () => {
      const us = fx.shops[0]!;
      const today = todayOf(us.timezone);
      return fc.record({
        range: rangeArb(today, us.timezone).map((r) => ({
          from: r.from < today ? r.from : today,
          to: r.to < today ? r.to : today,
        })),
        switches: switchesArb,
        // An early rate for each currency, so most cases convert; more rates start at any day.
        rates: fc
          .tuple(fc.array(rateArb('GBP', today), { maxLength: 3 }), fc.array(rateArb('EUR', today), { maxLength: 3 }))
          .map(([gbp, eur]) => [
            { currency: 'GBP', fromDay: '2020-01-01', rate: '1.27' },
            { currency: 'EUR', fromDay: '2020-01-01', rate: '1.08' },
            ...gbp,
            ...eur,
          ]),
        // The seller's costs on one shop (never allocated on All shops), or none.
        costsOf: fc.constantFrom(null, ...fx.shops).chain((s): fc.Arbitrary<{ shop: string | null; costs: Costs }> =>
          s
            ? costsArb(fx.raw.get(s.id)!, today).map((costs) => ({
                shop: s.id,
                costs: costs && { ...costs, allocate: false },
              }))
            : fc.constant({ shop: null, costs: undefined }),
        ),
      });
    };

    it('each shop equals the per-day conversion of the recount; the totals are the sum of the counted rows', async () => {
      await fc.assert(
        fc.asyncProperty(caseArb(), async (c: Case) => {
          const db = fx.store.db;
          // One rate per (pair, day): a later duplicate of a start day is dropped, as the store refuses it.
          const rates = [...new Map(c.rates.map((r) => [`${r.currency}:${r.fromDay}`, r])).values()];
          await db.deleteFrom('st_fx_rate').execute();
          for (const [i, r] of rates.entries())
            await db
              .insertInto('st_fx_rate')
              .values({ id: `p${i}`, currency: r.currency, target: 'USD', from_day: r.fromDay, rate: r.rate })
              .execute();
          for (const shop of fx.shops) {
            const costs = c.costsOf.shop === shop.id ? c.costsOf.costs : undefined;
            await restoreInputs(
              db,
              shop.id,
              costs ? toInputs(costs) : { adSpend: [], expenses: [], cogs: [], fulfilment: [] },
            );
            await fx.engine.sync(shop, c.range);
          }
          const query = new URLSearchParams({
            from: c.range.from,
            to: c.range.to,
            currency: 'USD',
            cancelled: c.switches.includeCancelled ? 'include' : 'exclude',
            samples: c.switches.includeSamples ? 'include' : 'separate',
          });
          const response = await call(allShopsRoute, `/api/dashboard/all-shops?${query}`, { cookie });
          expect(response.status).toBe(200);
          const data = (await body<{ data: AllShops }>(response)).data;
          const counted: AllShopsRow[] = [];
          for (const row of data.shops) {
            const shop = fx.shops.find((s) => s.id === row.shop.id)!;
            if (row.rates.length > 1) withTwoRates++;
            expect(row.converted).not.toBeNull();
            expect({ shop: shop.shopName, ...row.converted }).toEqual({
              shop: shop.shopName,
              ...expectedConverted(shop, row.shop.currency, c.range, rates, c),
            });
            counted.push(row);
          }
          expect(
            totalsMismatches(
              data.totals,
              counted.map((r) => r.converted!),
              FIGURE_TOTALS,
            ),
          ).toEqual([]);
        }),
        { numRuns: RUNS, seed: SEED + 7, endOnFailure: true },
      );
      // The generated rates reach the case this exists for: a rate that changes inside a range.
      expect(withTwoRates).toBeGreaterThan(0);
    }, 900_000);
  },
);
