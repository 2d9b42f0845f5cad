import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateByWeight } from '@/lib/costs/allocate';
import { cogsSchedule, cogsSourceOf, recostedCogs, unitCostOn } from '@/lib/costs/cogs';
import { expenseOnDay, expensesByDay } from '@/lib/costs/spread';
import { cogsBodySchema } from '@/lib/costs/schemas';
import type { Expense } from '@/lib/costs/types';
import { placeCosts } from '@/lib/reports/cost-lines';
import { addDays, eachShopDay } from '@/lib/time';

// The pure rules of the seller's costs: expenses spread over days add up to the amount, an
// allocation hands out exactly the amount, a re-costed line is the rounded unit cost × units, and
// placing costs over SKUs and period lines never loses or invents a cent.

const dayArb = fc.integer({ min: 0, max: 3_000 }).map((n) => addDays('2024-01-01', n));
const expense = (e: Partial<Expense>): Expense => ({
  id: 'e',
  name: 'x',
  amountCents: 31_00,
  recurrence: 'monthly',
  startDay: '2020-01-01',
  endDay: null,
  ...e,
});

describe('expenses spread over days', () => {
  it('a monthly amount over any whole month, and a yearly one over any whole year, is exactly the amount', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: 0, max: 10_000_000 }), (day, amount) => {
        const month = eachShopDay(
          `${day.slice(0, 7)}-01`,
          addDays(`${addDays(`${day.slice(0, 7)}-01`, 32).slice(0, 7)}-01`, -1),
        );
        const monthly = expense({ amountCents: amount });
        expect(month.reduce((a, d) => a + expenseOnDay(monthly, d), 0)).toBe(amount);
        const year = eachShopDay(`${day.slice(0, 4)}-01-01`, `${day.slice(0, 4)}-12-31`);
        const yearly = expense({ amountCents: amount, recurrence: 'yearly' });
        expect(year.reduce((a, d) => a + expenseOnDay(yearly, d), 0)).toBe(amount);
        // Shares of one month differ by at most a cent.
        const shares = month.map((d) => expenseOnDay(monthly, d));
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('counts only the days from start to end, a one-off only on its day, and expensesByDay agrees day by day', () => {
    fc.assert(
      fc.property(
        dayArb,
        fc.integer({ min: 0, max: 90 }),
        dayArb,
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom('once', 'monthly', 'yearly'),
        (start, len, from, span, recurrence) => {
          const e = expense({
            startDay: start,
            endDay: addDays(start, len),
            recurrence: recurrence as Expense['recurrence'],
            amountCents: 1_234_56,
          });
          const to = addDays(from, span);
          const byDay = expensesByDay([e], from, to);
          for (const day of eachShopDay(from, to)) {
            const share = expenseOnDay(e, day);
            if (day < e.startDay || day > e.endDay!) expect(share).toBe(0);
            if (recurrence === 'once') expect(share).toBe(day === start ? 1_234_56 : 0);
            expect(byDay.get(day) ?? 0).toBe(share);
          }
          expect([...byDay.keys()].every((d) => d >= from && d <= to)).toBe(true);
        },
      ),
    );
  });
});

describe('allocation by weight', () => {
  it('hands out exactly the amount, within a cent of each exact share, nothing to a zero weight', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -50_000_000, max: 50_000_000 }),
        fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 10_000_000 })),
        (amount, dict) => {
          const weights = new Map(Object.entries(dict));
          const shares = allocateByWeight(amount, weights);
          const positive = [...weights].filter(([, w]) => w > 0);
          if (positive.length === 0 || amount === 0) {
            expect(shares.size).toBe(0);
            return;
          }
          expect([...shares.values()].reduce((a, b) => a + b, 0)).toBe(amount);
          const total = positive.reduce((a, [, w]) => a + w, 0);
          for (const [k, w] of positive) expect(Math.abs(shares.get(k)! - (amount * w) / total)).toBeLessThan(1);
          for (const [k, w] of weights) if (w === 0) expect(shares.has(k)).toBe(false);
        },
      ),
    );
  });
});

describe('dated COGS', () => {
  it('re-costs a line as −round(gross × unit cost / price), half up; keeps the service value without units', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (gross, price, unit) => {
          const q = gross * unit;
          const whole = Math.floor(q / price);
          const rounded = whole + (2 * (q - whole * price) >= price ? 1 : 0);
          expect(recostedCogs(gross, price, unit)).toBe(rounded === 0 ? 0 : -rounded);
        },
      ),
    );
    expect(recostedCogs(2_000, 1_000, 420)).toBe(-840); // 2 units at 4.20
    expect(recostedCogs(0, 1_000, 420)).toBeNull(); // a free sample: units unknown
    expect(recostedCogs(2_000, null, 420)).toBeNull(); // price unknown
    expect(recostedCogs(2_000, 1_000, null)).toBeNull(); // no unit cost in effect
    // Beyond 64-bit integer arithmetic in SQL: the service's value stays, and the form says the limit.
    expect(recostedCogs(40_000_000_001, 1_000, 420)).toBeNull();
    expect(recostedCogs(2_000, 1_000, 100_000_001)).toBeNull();
    const tooDear = cogsBodySchema.safeParse({ skuId: 'k', fromDay: '2026-01-01', unitCost: '1000000.01' });
    expect(tooDear.success ? null : tooDear.error.issues[0]).toMatchObject({
      path: ['unitCost'],
      message: 'must be at most 1,000,000.00 per unit',
    });
  });

  it('takes the entry with the latest start on or before the day', () => {
    const s = cogsSchedule([
      { id: 'b', skuId: 'k', fromDay: '2026-03-01', unitCostCents: 420 },
      { id: 'a', skuId: 'k', fromDay: '2026-01-01', unitCostCents: 400 },
    ]);
    expect(unitCostOn(s, 'k', '2025-12-31')).toBeNull();
    expect(unitCostOn(s, 'k', '2026-02-28')).toBe(400);
    expect(unitCostOn(s, 'k', '2026-03-01')).toBe(420);
    expect(unitCostOn(s, 'other', '2026-03-01')).toBeNull();
    expect([cogsSourceOf(0, 5), cogsSourceOf(5, 5), cogsSourceOf(2, 5)]).toEqual(['service', 'input', 'mixed']);
  });
});

describe('placing ad spend and expenses', () => {
  const skus = ['k1', 'k2', 'k3', 'k4'];
  const productOf = new Map([
    ['k1', 'p1'],
    ['k2', 'p1'],
    ['k3', 'p2'],
    ['k4', 'p2'],
  ]);
  const adArb = fc.record({
    day: fc.integer({ min: 0, max: 40 }).map((n) => addDays('2026-01-01', n)),
    amountCents: fc.integer({ min: 0, max: 100_000 }),
    target: fc.constantFrom<[string | null, string | null]>(
      [null, null],
      ['k1', null],
      ['k3', 'p2'],
      [null, 'p1'],
      [null, 'p2'],
      [null, 'nope'],
    ),
  });
  it('never loses a cent: SKU shares + period lines = every entry and expense share of the range (of its counted days while partial); the days add up too', () => {
    fc.assert(
      fc.property(
        fc.array(adArb, { maxLength: 20 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 3 }),
        fc.dictionary(fc.constantFrom(...skus), fc.integer({ min: -5_000, max: 50_000 })),
        fc.boolean(),
        // While the range is partly stored: the days counted so far (null: every day).
        fc.option(fc.subarray(eachShopDay('2026-01-05', '2026-01-31')), { nil: null }),
        (ads, monthly, sales, allocate, countedDays) => {
          const inputs = {
            adSpend: ads.map((a, i) => ({
              id: `a${i}`,
              day: a.day,
              amountCents: a.amountCents,
              skuId: a.target[0],
              productId: a.target[1],
              campaign: null,
            })),
            expenses: monthly.map((amountCents, i) => expense({ id: `e${i}`, amountCents })),
            cogs: [],
            fulfilment: [],
          };
          const from = '2026-01-05';
          const to = '2026-01-31';
          const counted = countedDays === null ? null : new Set(countedDays);
          const counts = (day: string) => counted === null || counted.has(day);
          const p = placeCosts({
            inputs,
            from,
            to,
            netSales: new Map(Object.entries(sales)),
            productOf,
            allocate,
            counted,
          });
          const inSkus = [...p.bySku.values()].reduce((a, s) => a + s.adSpend + s.allocated, 0);
          const ad = ads
            .filter((a) => a.day >= from && a.day <= to && counts(a.day))
            .reduce((acc, a) => acc + a.amountCents, 0);
          const exp = [...expensesByDay(inputs.expenses, from, to)]
            .filter(([day]) => counts(day))
            .reduce((a, [, cents]) => a + cents, 0);
          for (const byDay of [p.adSpendByDay, p.inSkusByDay, p.shopAdSpendByDay, p.expensesByDay])
            for (const day of byDay.keys()) expect(counts(day)).toBe(true);
          expect(inSkus + p.shopAdSpend + p.expenses).toBe(0 - (ad + exp));
          expect(p.adSpendTotal).toBe(0 - ad);
          expect(p.expensesTotal).toBe(0 - exp);
          expect([...p.inSkusByDay.values()].reduce((a, b) => a + b, 0)).toBe(inSkus);
          if (p.allocated) expect(p.shopAdSpend + p.expenses).toBe(0);
          // Product spend stays within the product's SKUs.
          for (const [sku, s] of p.bySku) if (s.adSpend !== 0) expect(productOf.has(sku)).toBe(true);
        },
      ),
    );
  });
});
