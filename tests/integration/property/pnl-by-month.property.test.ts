import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pnlByMonth, type PnlByMonth } from '@/lib/reports/pnl-by-month';
import { readPnlDays } from '@/lib/reports/pnl-days';
import { addConvertedDays, allShopsStatement, type MonthSum } from '@/lib/all-shops/pnl-by-month';
import { convertCents, identityRate } from '@/lib/costs/fx';
import { monthsOf, recountPnlMonth } from '@/tests/support/oracle/pnl';
import { costsArb, dstDays, rangeArb, runs, SEED, switchesArb, todayOf, toInputs } from './arbitraries';
import { propertyFixture } from '@/tests/support/property/fixture';

// Each month of the P&L by month equals the oracle's recount of that month's days: the SKU report
// of the month (every line: sales, promos, cost of goods, each cost group and each of its parts,
// samples, the seller's costs, the bottom line) and the refunds of its days with their parts, to
// the cent, for generated ranges (DST days of the shops' zones among them), switches and costs, on
// both stores. The statement adds up: each group's parts make its total, the lines make the bottom
// line, and the total column is the sum of the months.

const value = (s: PnlByMonth, key: string, i: number) => s.lines.find((l) => l.key === key)?.values[i] ?? 0;

/** Every key the oracle or the statement has a figure for (parts of the breakdowns included). */
function keysOf(s: PnlByMonth, expected: Map<string, number>[]): string[] {
  const keys = new Set([...s.lines.map((l) => l.key), ...expected.flatMap((m) => [...m.keys()])]);
  // The statement's own remainder lines are checked by adding up, not by the oracle.
  return [...keys].filter((k) => !k.endsWith('.unsplit') && k !== 'yours.allocatedCosts').sort();
}

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'the P&L by month equals the recount of each month (postgres: %s)',
  (postgres) => {
    const fx = propertyFixture({ orders: 3_000, postgres, rawDays: 820 });
    /** A generated case: a shop, a range in its zone, the switches and the seller's costs. */
    const caseArb = () =>
      fc.integer({ min: 0, max: fx.shops.length - 1 }).chain((i) => {
        const shop = fx.shops[i]!;
        const today = todayOf(shop.timezone);
        return fc.record({
          shop: fc.constant(shop),
          range: rangeArb(today, shop.timezone),
          switches: switchesArb,
          costs: costsArb(fx.raw.get(shop.id)!, today),
        });
      });

    it('has shops in zones with DST, refunds with parts and every cost group broken down', () => {
      expect(fx.shops.some((s) => dstDays(s.timezone, todayOf(s.timezone)).length > 0)).toBe(true);
      const all = [...fx.raw.values()];
      expect(all.some((s) => s.refunds.some((r) => Object.values(r.details).some((v) => v !== 0)))).toBe(true);
      for (const group of ['shippingCost.', 'platformFees.', 'affiliateCommission.', 'gmvBreakdown.'])
        expect(
          all.some((s) =>
            s.orders.some((o) =>
              o.lines.some((l) => Object.entries(l.parts).some(([k, v]) => k.startsWith(group) && v !== 0)),
            ),
          ),
        ).toBe(true);
    });

    it('each month equals the SKU report and the refunds of its days, every line to the cent', async () => {
      await fc.assert(
        fc.asyncProperty(caseArb(), async ({ shop, range, switches, costs }) => {
          await fx.engine.sync(shop, range);
          const statement = await pnlByMonth({ store: fx.store, now: Date.now() }, shop, range, {
            switches,
            costs: costs ? toInputs(costs) : null,
          });
          const months = monthsOf(range.from, range.to);
          expect(statement.months.map((m) => [m.month, m.from, m.to])).toEqual(
            months.map((m) => [m.month, m.from, m.to]),
          );
          const expected = months.map((m) => recountPnlMonth(fx.raw.get(shop.id)!, m, switches, costs).lines);
          for (const key of keysOf(statement, expected))
            expect({ key, values: months.map((_, i) => value(statement, key, i)) }).toEqual({
              key,
              values: expected.map((m) => m.get(key) ?? 0),
            });
          for (const line of statement.lines) expect(line.total).toBe(line.values.reduce((a, v) => a + v, 0));
          months.forEach((_, i) => {
            // Each group's parts (its remainder included) make the group; the lines make the bottom line.
            for (const group of ['shipping', 'fees', 'affiliate', 'samples', 'refunds']) {
              const parts = statement.lines.filter((l) => l.key.startsWith(`${group}.`));
              expect(parts.reduce((a, l) => a + l.values[i]!, 0)).toBe(value(statement, group, i));
            }
            const below = statement.lines.filter(
              (l) => l.kind === 'line' && !['sales.gross', 'promos.seller'].includes(l.key),
            );
            expect(value(statement, 'sales.net', i) + below.reduce((a, l) => a + l.values[i]!, 0)).toBe(
              value(statement, 'bottomLine', i),
            );
          });
        }),
        { numRuns: runs(20), seed: SEED + 33, endOnFailure: true },
      );
    }, 600_000);

    it('the days All shops converts add up to each month; converted, each month still adds up', async () => {
      await fc.assert(
        fc.asyncProperty(
          caseArb().chain((c) => fc.constantFrom('1', '0.8571', '1.2345', '151.37').map((rate) => ({ ...c, rate }))),
          async ({ shop, range, switches, costs, rate }) => {
            await fx.engine.sync(shop, range);
            const deps = { store: fx.store, now: Date.now() };
            const options = { switches, costs: costs ? toInputs(costs) : null };
            const statement = await pnlByMonth(deps, shop, range, options);
            const days = await readPnlDays(deps, shop, range, options);
            const zero = [...days.values()][0]?.lines;
            if (!zero) {
              expect(statement.lines.every((l) => l.total === 0)).toBe(true);
              return;
            }
            // At the identity rate, the days make each month's statement exactly, line by line.
            const at = (r: string) => {
              const months = new Map<string, MonthSum>();
              const fx = { ...identityRate('XXX', range.from), rate: r };
              addConvertedDays(months, range, days, [{ rate: fx, from: range.from, to: range.to }], zero);
              return allShopsStatement(months);
            };
            const same = at('1');
            expect(same.months).toEqual(statement.months);
            for (const line of statement.lines)
              expect({ key: line.key, values: same.lines.find((l) => l.key === line.key)?.values }).toEqual({
                key: line.key,
                values: line.values,
              });
            // At another rate, each converted month adds up (parts make their group, lines the bottom
            // line), and its bottom line is within a cent per converted figure of the month's, converted.
            const converted = at(rate);
            converted.months.forEach((_, i) => {
              for (const group of ['shipping', 'fees', 'affiliate', 'refunds']) {
                const parts = converted.lines.filter((l) => l.key.startsWith(`${group}.`));
                expect(parts.reduce((a, l) => a + l.values[i]!, 0)).toBe(value(converted as PnlByMonth, group, i));
              }
              const below = converted.lines.filter(
                (l) => l.kind === 'line' && !['sales.gross', 'promos.seller'].includes(l.key),
              );
              const bottom = value(converted as PnlByMonth, 'bottomLine', i);
              expect(value(converted as PnlByMonth, 'sales.net', i) + below.reduce((a, l) => a + l.values[i]!, 0)).toBe(
                bottom,
              );
              const figures =
                [...days.keys()].filter((d) => d.startsWith(statement.months[i]!.month)).length * zero.length;
              expect(Math.abs(bottom - convertCents(value(statement, 'bottomLine', i), rate))).toBeLessThanOrEqual(
                figures,
              );
            });
          },
        ),
        { numRuns: runs(12), seed: SEED + 34, endOnFailure: true },
      );
    }, 600_000);
  },
);
