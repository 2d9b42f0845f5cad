import { lastDayOfMonth } from '@/lib/time';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthItems, sumByLine } from '@/lib/reports/month-items';
import { monthColumns } from '@/lib/reports/pnl-by-month';
import { shiftDay } from '@/tests/support/oracle/recount';
import { costsArb, runs, SEED, switchesArb, todayOf, toInputs } from './arbitraries';
import { propertyFixture } from '@/tests/support/property/fixture';

// A closed month's itemised figures add up to its statement: for generated shops, ended months
// (the DST months of the shops' zones among them), switches and seller's costs (dated COGS, ad
// spend on SKUs, products and the shop, expenses, fulfilment per unit and per order), every line of
// the month's statement but its totals is the sum of its items (orders, refund days, input days),
// to the cent, and no item names a line the statement does not have. On both stores.

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  "a month's items add up to its statement, line by line (postgres: %s)",
  (postgres) => {
    const fx = propertyFixture({ orders: 3_000, postgres, rawDays: 500 });

    it('Σ items = the statement for every line but the totals', async () => {
      const caseArb = fc.integer({ min: 0, max: fx.shops.length - 1 }).chain((i) => {
        const shop = fx.shops[i]!;
        const today = todayOf(shop.timezone);
        return fc.record({
          shop: fc.constant(shop),
          // An ended month of the last 14 (the first day of the month `back` months ago).
          month: fc
            .integer({ min: 1, max: 14 })
            .map((back) => shiftDay(`${today.slice(0, 7)}-15`, -Math.round(30.44 * back)).slice(0, 7)),
          switches: switchesArb,
          costs: fc.option(costsArb(fx.raw.get(shop.id)!, today), { nil: undefined }),
        });
      });
      let withItems = 0;
      await fc.assert(
        fc.asyncProperty(caseArb, async ({ shop, month, switches, costs }) => {
          const range = { from: `${month}-01`, to: lastDayOfMonth(month) };
          await fx.engine.sync(shop, range);
          const deps = { store: fx.store, now: Date.now() };
          const inputs = costs ? toInputs(costs) : null;
          const [column] = await monthColumns(deps, shop, range, { switches, costs: inputs });
          const items = await monthItems(deps, shop, month, switches, inputs);
          const sums = sumByLine(items);
          const keys = new Set(column!.lines.map((l) => l.key));
          expect([...sums.keys()].filter((k) => !keys.has(k))).toEqual([]);
          for (const line of column!.lines)
            if (line.kind !== 'total')
              expect({ key: line.key, cents: sums.get(line.key) ?? 0 }).toEqual({ key: line.key, cents: line.cents });
          if (items.length > 0) withItems += 1;
        }),
        { numRuns: runs(25), seed: SEED },
      );
      expect(withItems).toBeGreaterThan(0);
    }, 600_000);
  },
);
