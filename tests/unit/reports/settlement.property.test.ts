import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { observedDrift, type DriftGroup } from '@/lib/reports/settlement';
import { expectedDrift } from '@/lib/reports/settlement-expected';
import { forecastOpen } from '@/lib/reports/settlement-forecast';
import { MONEY_COLUMNS, type MoneyColumn, type MoneyColumns } from '@/lib/store/schema';
import type { SettleOrderPair } from '@/lib/store/snapshots';
import { money, stored } from './settlement-rows';

// Every observed drift figure against a recount written apart from lib/reports/settlement: straight
// from the pairs' lines, with percentiles by 1-based rank (1 + (n − 1)·p) rather than the module's
// 0-based form.

const SKUS = ['a', 'b', 'c', 'd'];
const costArb = fc.integer({ min: -3_000, max: 0 });
const driftArb = fc.oneof(fc.constant(0), fc.integer({ min: -400, max: 400 }));
const lineArb = fc.record({
  sku: fc.constantFrom(...SKUS),
  netSales: fc.oneof(fc.constant(0), fc.integer({ min: -500, max: 20_000 })),
  cogs: costArb,
  shipping: costArb,
  fees: costArb,
  affiliate: costArb,
  dShipping: driftArb,
  dFees: driftArb,
  dAffiliate: driftArb,
  // Rarely: the cost of goods changes too, or the line is absent from the settled order.
  dCogs: fc.oneof({ weight: 9, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: driftArb }),
  gone: fc.oneof({ weight: 19, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});
const pairsArb = fc
  .uniqueArray(
    fc.record({ id: fc.integer({ min: 1, max: 10_000 }), lines: fc.array(lineArb, { minLength: 1, maxLength: 3 }) }),
    { selector: (o) => o.id, maxLength: 40 },
  )
  .map((orders) =>
    orders.map((o): SettleOrderPair => ({
      orderId: `o-${o.id}`,
      localDay: '2026-11-01',
      estimateSeenAt: 1,
      settledSeenAt: 2,
      lines: o.lines.map((l, lineIndex) => {
        const estimate = money(l.netSales, {
          cost_of_goods: l.cogs,
          shipping: l.shipping,
          platform_fees: l.fees,
          affiliate_commission: l.affiliate,
        });
        const settled = l.gone
          ? (Object.fromEntries(MONEY_COLUMNS.map((c) => [c, 0])) as MoneyColumns)
          : money(l.netSales, {
              cost_of_goods: l.cogs + l.dCogs,
              shipping: l.shipping + l.dShipping,
              platform_fees: l.fees + l.dFees,
              affiliate_commission: l.affiliate + l.dAffiliate,
            });
        return { lineIndex, skuId: l.sku, estimate, settled };
      }),
    })),
  );

function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const x = values.slice().sort((a, b) => a - b);
  const rank = 1 + (x.length - 1) * p;
  const k = Math.floor(rank);
  return k >= x.length ? x[x.length - 1]! : x[k - 1]! + (rank - k) * (x[k]! - x[k - 1]!);
}

interface Unit {
  netSales: number;
  d: Record<MoneyColumn, number>;
}

function recount(units: Unit[]) {
  const withSales = units.filter((u) => u.netSales > 0);
  const salesSum = withSales.reduce((s, u) => s + u.netSales, 0);
  return {
    orders: units.length,
    ordersWithSales: withSales.length,
    netSales: units.reduce((s, u) => s + u.netSales, 0),
    changed: MONEY_COLUMNS.filter((c) => units.some((u) => u.d[c] !== 0)),
    column: (c: MoneyColumn) => {
      const total = units.reduce((s, u) => s + u.d[c], 0);
      const ratios = withSales.map((u) => u.d[c] / u.netSales);
      return {
        total,
        mean: units.length ? total / units.length : 0,
        ofNetSales: salesSum > 0 ? withSales.reduce((s, u) => s + u.d[c], 0) / salesSum : null,
        p10: percentile(ratios, 0.1),
        p90: percentile(ratios, 0.9),
      };
    },
  };
}

function unitOf(lines: SettleOrderPair['lines']): Unit {
  const d = Object.fromEntries(
    MONEY_COLUMNS.map((c) => [c, lines.reduce((s, l) => s + l.settled[c] - l.estimate[c], 0)]),
  ) as Record<MoneyColumn, number>;
  return { netSales: lines.reduce((s, l) => s + l.estimate.net_sales, 0), d };
}

function expectGroup(actual: DriftGroup, units: Unit[]) {
  const r = recount(units);
  expect(actual.orders).toBe(r.orders);
  expect(actual.ordersWithSales).toBe(r.ordersWithSales);
  expect(actual.netSales).toBe(r.netSales);
  expect(actual.changed).toEqual(r.changed);
  for (const c of MONEY_COLUMNS) {
    const want = r.column(c);
    const got = actual.columns[c];
    expect(got.total).toBe(want.total);
    expect(got.mean).toBeCloseTo(want.mean, 9);
    for (const k of ['ofNetSales', 'p10', 'p90'] as const) {
      if (want[k] === null) expect(got[k]).toBeNull();
      // Relative: a ratio of large sums carries float rounding around 1e-12 of its size.
      else expect(Math.abs(got[k]! - want[k])).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(want[k])));
    }
  }
}

describe('observed drift against an independent recount', () => {
  it('matches every figure, overall and per SKU, and the top orders', () => {
    fc.assert(
      fc.property(pairsArb, fc.integer({ min: 1, max: 8 }), (pairs, top) => {
        const drift = observedDrift(pairs, { top });
        expectGroup(
          drift.overall,
          pairs.map((p) => unitOf(p.lines)),
        );
        const skus = SKUS.filter((s) => pairs.some((p) => p.lines.some((l) => l.skuId === s)));
        expect(drift.skus.map((s) => s.skuId)).toEqual(skus);
        for (const s of drift.skus) {
          const units = pairs
            .filter((p) => p.lines.some((l) => l.skuId === s.skuId))
            .map((p) => unitOf(p.lines.filter((l) => l.skuId === s.skuId)));
          expectGroup(s, units);
        }
        const moved = pairs
          .map((p) => ({ id: p.orderId, d: unitOf(p.lines).d.net_profit }))
          .sort((a, b) => Math.abs(b.d) - Math.abs(a.d) || (a.id < b.id ? -1 : 1));
        expect(drift.top.map((o) => [o.orderId, o.drift])).toEqual(moved.slice(0, top).map((m) => [m.id, m.d]));
        for (const o of drift.top) {
          const p = pairs.find((x) => x.orderId === o.orderId)!;
          expect(o.settledNetProfit - o.estimateNetProfit).toBe(o.drift);
          for (const [i, l] of o.lines.entries())
            for (const c of MONEY_COLUMNS) expect(l.diff[c]).toBe(p.lines[i]!.settled[c] - p.lines[i]!.estimate[c]);
        }
      }),
      { numRuns: Number(process.env.PROPS_RUNS ?? 200) },
    );
  });

  it('forecasts every open SKU within its band', () => {
    fc.assert(
      fc.property(pairsArb, fc.array(lineArb, { maxLength: 12 }), (pairs, open) => {
        const lines = open.map((l, i) =>
          stored(`x-${i % 5}`, l.sku, true, money(l.netSales, { platform_fees: l.fees }), i),
        );
        const f = forecastOpen(lines, expectedDrift(pairs, lines, { minObserved: 3 }));
        for (const r of [...f.rows, f.total]) {
          expect(r.low).toBeLessThanOrEqual(r.expectedNetProfit);
          expect(r.high).toBeGreaterThanOrEqual(r.expectedNetProfit);
        }
        expect(f.total.netSales).toBe(lines.reduce((s, l) => s + l.net_sales, 0));
      }),
      { numRuns: 100 },
    );
  });
});
