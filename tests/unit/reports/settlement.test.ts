import { describe, expect, it } from 'vitest';
import { observedDrift } from '@/lib/reports/settlement';
import { expectedDrift, expectedFor } from '@/lib/reports/settlement-expected';
import { backtestDrift, forecastOpen } from '@/lib/reports/settlement-forecast';
import { quantile, shrinkWeight } from '@/lib/reports/settlement-math';
import { feePair, money, pair, stored } from './settlement-rows';

describe('quantile (type 7) and the shrinkage weight', () => {
  it('interpolates between closest ranks', () => {
    expect(quantile([5, 1, 3, 2, 4], 0.1)).toBeCloseTo(1.4, 12);
    expect(quantile([5, 1, 3, 2, 4], 0.9)).toBeCloseTo(4.6, 12);
    expect(quantile([7], 0.1)).toBe(7);
    expect(quantile([], 0.5)).toBeNull();
  });
  it('weighs n orders n / (n + k0)', () => {
    expect(shrinkWeight(10, 10)).toBe(0.5);
    expect(shrinkWeight(30, 10)).toBe(0.75);
    expect(shrinkWeight(0, 10)).toBe(0);
  });
});

describe('observedDrift', () => {
  const pairs = [
    feePair('o1', 'a', 1000, -100, -30),
    feePair('o2', 'a', 2000, -200, -20),
    pair('o3', [
      ['a', money(1000, { shipping: -50 }), money(1000, { shipping: -40 })],
      ['b', money(500, { affiliate_commission: -20 }), money(500, { affiliate_commission: -25 })],
    ]),
    // No net sales: counted, never in a ratio.
    feePair('o4', 'b', 0, 0, -7),
  ];
  const drift = observedDrift(pairs, { top: 2 });

  it('adds up each column per order, with the mean, the pooled ratio and p10–p90 of per-order ratios', () => {
    const fees = drift.overall.columns.platform_fees;
    expect(drift.overall.orders).toBe(4);
    expect(drift.overall.ordersWithSales).toBe(3);
    expect(fees.total).toBe(-57);
    expect(fees.mean).toBe(-57 / 4);
    expect(fees.ofNetSales).toBeCloseTo(-50 / 4500, 12);
    // Per-order fee ratios −0.03, −0.01, 0 → p10 = −0.03 + 0.2 × 0.02, p90 = −0.01 + 0.8 × 0.01.
    expect(fees.p10).toBeCloseTo(-0.026, 12);
    expect(fees.p90).toBeCloseTo(-0.002, 12);
    expect(drift.overall.columns.net_profit.total).toBe(-30 - 20 + 10 - 5 - 7);
    expect(drift.overall.columns.net_sales.total).toBe(0);
    expect(drift.overall.changed).toEqual([
      'shipping',
      'platform_fees',
      'affiliate_commission',
      'total_costs',
      'net_profit',
    ]);
  });

  it('counts a SKU by its lines of each order', () => {
    const [a, b] = drift.skus;
    expect(a!.skuId).toBe('a');
    expect(a!.orders).toBe(3);
    expect(a!.netSales).toBe(4000);
    expect(a!.columns.net_profit.total).toBe(-40);
    expect(a!.columns.shipping.total).toBe(10);
    expect(b!.skuId).toBe('b');
    expect(b!.orders).toBe(2);
    expect(b!.ordersWithSales).toBe(1);
    expect(b!.columns.affiliate_commission.ofNetSales).toBeCloseTo(-5 / 500, 12);
    expect(b!.columns.net_profit.total).toBe(-12);
  });

  it('explains the orders that moved most, line by line', () => {
    expect(drift.top.map((o) => [o.orderId, o.drift])).toEqual([
      ['o1', -30],
      ['o2', -20],
    ]);
    expect(drift.top[0]).toMatchObject({ netSales: 1000, estimateNetProfit: 900, settledNetProfit: 870 });
    expect(drift.top[0]!.lines[0]!.diff).toMatchObject({ platform_fees: -30, net_profit: -30, shipping: 0 });
  });
});

describe('expectedDrift', () => {
  // K = 2, k0 = 10. SKU a: 3 orders seen in both states; b: 1, with stored lines of both kinds; c: none, stored lines of both kinds.
  const pairs = [
    feePair('o1', 'a', 1000, -100, -20),
    feePair('o2', 'a', 1000, -100, -40),
    feePair('o3', 'a', 1000, -100, -60),
    feePair('o4', 'b', 1000, -100, -100),
  ];
  const lookback = [
    stored('s1', 'b', false, money(1000, { platform_fees: -150 })),
    stored('s2', 'b', false, money(1000, { platform_fees: -170 })),
    stored('u1', 'b', true, money(2000, { platform_fees: -200 })),
    stored('s3', 'c', false, money(1000, { platform_fees: -100, cost_of_goods: -400 })),
    stored('u2', 'c', true, money(1000, { platform_fees: -100 })),
    stored('s4', 'd', false, money(1000, { platform_fees: -100 })),
  ];
  const set = expectedDrift(pairs, lookback, { minObserved: 2, priorWeight: 10 });
  const sku = (id: string) => expectedFor(set, id);
  // The shop's observed ratios −0.02, −0.04, −0.06, −0.1 around −0.055: p10 −0.088, p90 −0.026.
  const shopLow = -0.088 + 0.055;
  const shopHigh = -0.026 + 0.055;

  it("uses the shop's observed drift when it has K orders seen in both states", () => {
    expect(set.shop).toMatchObject({ method: 'observed', bandSource: 'observed', observedOrders: 4 });
    expect(set.shop.ratios.platform_fees).toBeCloseTo(-0.055, 12);
    expect(set.shop.ratios.net_profit).toBeCloseTo(-0.055, 12);
    expect(set.shop.band.low).toBeCloseTo(-0.055 + shopLow, 12);
    expect(set.shop.band.high).toBeCloseTo(-0.055 + shopHigh, 12);
  });

  it('observed: a SKU with K orders, shrunk towards the shop with n / (n + k0), its own spread', () => {
    const a = sku('a');
    expect(a).toMatchObject({ method: 'observed', bandSource: 'observed', observedOrders: 3 });
    expect(a.weight).toBeCloseTo(3 / 13, 12);
    const centre = (3 / 13) * -0.04 + (10 / 13) * -0.055;
    expect(a.ratios.platform_fees).toBeCloseTo(centre, 12);
    // Its ratios −0.02, −0.04, −0.06 around −0.04: p10 −0.056, p90 −0.024.
    expect(a.band.low).toBeCloseTo(centre - 0.016, 12);
    expect(a.band.high).toBeCloseTo(centre + 0.016, 12);
  });

  it("once the shop has K: a SKU with a few pairs is observed and shrunk, one with none takes the shop's", () => {
    const b = sku('b');
    expect(b).toMatchObject({ method: 'observed', bandSource: 'shop-observed', observedOrders: 1 });
    expect(b.weight).toBeCloseTo(1 / 11, 12);
    expect(b.ratios.platform_fees).toBeCloseTo((1 / 11) * -0.1 + (10 / 11) * -0.055, 12);
    // c has stored lines of both kinds but no pair: the ratio method is for before the shop has K.
    expect(sku('c')).toMatchObject({ method: 'shop', ratios: set.shop.ratios });
  });

  it('ratio (before the shop has K): settled − unsettled cost ratios shrunk with the harmonic mean of the counts', () => {
    const early = expectedDrift(pairs, lookback, { minObserved: 10, priorWeight: 10, ratioPriorWeight: 10 });
    const b = expectedFor(early, 'b');
    expect(early.shop.method).toBe('ratio');
    expect(b).toMatchObject({ method: 'ratio', bandSource: 'settled-spread', settledOrders: 2, unsettledOrders: 1 });
    // d_b = −0.16 − (−0.10); the shop's d = −520/4000 − (−300/3000) (settled: b's, c's and d's).
    const w = 4 / 3 / (4 / 3 + 10);
    expect(b.weight).toBeCloseTo(w, 12);
    expect(b.ratios.platform_fees).toBeCloseTo(w * -0.06 + (1 - w) * -0.03, 12);
    expect(b.ratios.net_profit).toBeCloseTo(b.ratios.platform_fees, 12);
    // Cost of goods never counts: c's settled order has COGS, its fee ratio is the same.
    const c = expectedFor(early, 'c');
    expect(c.method).toBe('ratio');
    expect(c.ratios.net_profit).toBeCloseTo((10 / 11) * -0.03, 12);
  });

  it("shop: a SKU without data of its own takes the shop's figure", () => {
    expect(sku('d')).toMatchObject({ method: 'shop', weight: 0, settledOrders: 1, unsettledOrders: 0 });
    expect(sku('d').ratios).toEqual(set.shop.ratios);
    expect(sku('zz')).toMatchObject({ method: 'shop', skuId: 'zz', ratios: set.shop.ratios });
  });

  it("from day one (no pairs): the ratio method, banded by the settled orders' spread", () => {
    const dayOne = expectedDrift([], lookback, { minObserved: 2 });
    expect(dayOne.shop).toMatchObject({ method: 'ratio', bandSource: 'settled-spread', observedOrders: 0 });
    expect(dayOne.shop.ratios.platform_fees).toBeCloseTo(-0.03, 12);
    // Settled orders' fee ratios −0.15, −0.17, −0.10, −0.10 around −0.13: p10 −0.164, p90 −0.10.
    expect(dayOne.shop.band.low).toBeCloseTo(-0.03 - 0.034, 12);
    expect(dayOne.shop.band.high).toBeCloseTo(-0.03 + 0.03, 12);
    expect(expectedDrift([], []).shop).toMatchObject({
      method: 'ratio',
      bandSource: 'none',
      band: { low: 0, high: 0 },
    });
  });
});

describe('forecastOpen', () => {
  it('adds net sales × the expected drift ratio to the estimate, with the band, per SKU', () => {
    const set = expectedDrift([feePair('o1', 'a', 1000, -100, -20), feePair('o2', 'a', 1000, -100, -60)], [], {
      minObserved: 2,
    });
    const a = expectedFor(set, 'a');
    const open = [
      stored('x1', 'a', true, money(1000, { platform_fees: -300 })),
      stored('x2', 'a', true, money(1500, { platform_fees: -300 })),
      stored('x2', 'z', true, money(500, { shipping: -200 }), 1),
      stored('settled', 'a', false, money(9999)),
    ];
    const f = forecastOpen(open, set);
    expect(f.rows.map((r) => [r.skuId, r.method, r.orders, r.lines])).toEqual([
      ['a', 'observed', 2, 2],
      ['z', 'shop', 1, 1],
    ]);
    const rowA = f.rows[0]!;
    expect(rowA.estimateNetProfit).toBe(1900);
    expect(rowA.drift.platform_fees).toBe(Math.round(2500 * a.ratios.platform_fees));
    expect(rowA.expectedNetProfit).toBe(1900 + Math.round(2500 * a.ratios.net_profit));
    expect(rowA.low).toBe(1900 + Math.round(2500 * a.band.low));
    expect(rowA.high).toBe(1900 + Math.round(2500 * a.band.high));
    expect(rowA.low).toBeLessThanOrEqual(rowA.expectedNetProfit);
    expect(rowA.high).toBeGreaterThanOrEqual(rowA.expectedNetProfit);
    expect(f.total).toMatchObject({ orders: 2, lines: 3, netSales: 3000, estimateNetProfit: 2200 });
    expect(f.total.expectedNetProfit).toBe(f.rows[0]!.expectedNetProfit + f.rows[1]!.expectedNetProfit);
  });
});

describe('the forecast band', () => {
  it('narrows with the open orders and the orders it was learned from: √(1/m + 1/n), SKUs in quadrature', () => {
    const learned = Array.from({ length: 30 }, (_, i) => feePair(`o${i}`, 'a', 1000, -100, i % 2 ? -20 : -60));
    const set = expectedDrift(learned, [], { minObserved: 20 });
    const a = expectedFor(set, 'a');
    const open = Array.from({ length: 12 }, (_, i) => stored(`x${i}`, 'a', true, money(1000, { platform_fees: -100 })));
    const row = forecastOpen(open, set).rows[0]!;
    const scale = Math.sqrt(1 / 12 + 1 / 30);
    expect(row.expectedNetProfit).toBe(row.estimateNetProfit + Math.round(12_000 * a.ratios.net_profit));
    const perOrderBelow = row.expectedNetProfit - (row.estimateNetProfit + Math.round(12_000 * a.band.low));
    expect(row.expectedNetProfit - row.low).toBe(Math.round(perOrderBelow * scale));
    // Two SKUs: the total's distance to a bound is the rows' in quadrature, less than their sum.
    const two = forecastOpen([...open, stored('y1', 'b', true, money(5000, { platform_fees: -100 }))], set);
    const below = two.rows.map((r) => r.expectedNetProfit - r.low);
    expect(two.total.expectedNetProfit - two.total.low).toBe(Math.round(Math.hypot(...below)));
    expect(two.total.expectedNetProfit - two.total.low).toBeLessThan(below[0]! + below[1]!);
  });
});

describe('backtestDrift', () => {
  it('forecasts each order from the other orders only (leave-one-out, shrunk per SKU)', () => {
    // Estimates 900 each; settled 880, 860, 840. Leave-one-out ratios: −0.05, −0.04, −0.03 (SKU and shop alike).
    const pairs = [
      feePair('o1', 'a', 1000, -100, -20),
      feePair('o2', 'a', 1000, -100, -40),
      feePair('o3', 'a', 1000, -100, -60),
    ];
    const bt = backtestDrift(pairs, { priorWeight: 10 });
    // Forecasts 850, 860, 870 → errors 30, 0, 30; raw estimate errors 20, 40, 60.
    expect(bt.overall.orders).toBe(3);
    expect(bt.overall.estimateError).toBeCloseTo(40, 9);
    expect(bt.overall.forecastError).toBeCloseTo(20, 9);
    expect(bt.overall.estimateErrorShare).toBeCloseTo(0.04, 12);
    expect(bt.overall.forecastErrorShare).toBeCloseTo(0.02, 12);
    expect(bt.skus).toHaveLength(1);
    expect(bt.skus[0]).toMatchObject({ skuId: 'a', orders: 3, netSales: 3000 });
    expect(bt.skus[0]!.forecastError).toBeCloseTo(20, 9);
  });

  it('falls back to the shop when the SKU has no other order, and to no drift when nothing else is known', () => {
    const bt = backtestDrift([feePair('o1', 'a', 1000, -100, -20), feePair('o2', 'b', 2000, -100, -60)]);
    // o1 from o2's ratio −0.03 → 870 vs settled 880; o2 from o1's −0.02 → 1860 vs 1840.
    expect(bt.overall.forecastError).toBeCloseTo((10 + 20) / 2, 9);
    expect(backtestDrift([feePair('o1', 'a', 1000, -100, -20)]).overall.forecastError).toBe(20);
  });
});
