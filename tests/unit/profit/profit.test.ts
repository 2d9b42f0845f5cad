import { describe, expect, it } from 'vitest';
import { classifyOrder, explainLine, explainOrder, lineProfit, orderProfit, toCents } from '@/lib/profit';
import { order, orderProduct } from '@/tests/support/fixtures';

describe('lineProfit', () => {
  it('applies the one formula: gross sales + promos + every cost group total', () => {
    const l = lineProfit(orderProduct());
    expect(l.netSales).toBe(1800); // 20.00 − 2.00
    expect(l.totalCosts).toBe(-610 - 320 - 160 - 90);
    expect(l.netProfit).toBe(1800 - 1180);
    expect(l.margin).toBeCloseTo(620 / 1800);
  });

  it('uses each group total, never total and parts together', () => {
    const p = orderProduct();
    const l = lineProfit({
      ...p,
      platformFees: { ...p.platformFees, total: -5, referralFeeAndTax: -4, transactionFee: -1 },
    });
    expect(l.platformFees).toBe(-500);
  });

  it('never counts GMV or the platform-funded discount as revenue', () => {
    const p = orderProduct();
    const a = lineProfit(p);
    const b = lineProfit({ ...p, gmv: 999, gmvBreakdown: { ...p.gmvBreakdown, platformDiscount: -50 } });
    expect(b.netProfit).toBe(a.netProfit);
  });

  it('sums in cents without floating point drift', () => {
    const p = orderProduct({
      grossSales: 0.1,
      promos: 0,
      costOfGoods: -0.3,
      gmvBreakdown: { productSales: 0.1, shippingFee: 0, sellerDiscount: 0, platformDiscount: 0 },
    });
    const l = lineProfit({
      ...p,
      shippingCost: { ...p.shippingCost, total: 0 },
      platformFees: { ...p.platformFees, total: 0 },
      affiliateCommission: { ...p.affiliateCommission, total: 0.2 },
    });
    expect(l.netProfit).toBe(0); // 0.1 − 0.3 + 0.2 is exactly zero in cents
    expect(Object.is(toCents(-0.001), 0)).toBe(true);
  });

  it('has no margin when net sales are zero', () => {
    const l = lineProfit(orderProduct({ grossSales: 0, promos: 0 }));
    expect(l.margin).toBeNull();
  });
});

describe('orderProfit and explanations', () => {
  const o = order({
    products: [orderProduct(), orderProduct({ skuId: 'sku-2', costOfGoods: -30 })],
    orderType: 'UNSETTLED',
  });

  it('sums an order from its lines and marks unsettled orders estimated', () => {
    const p = orderProfit(o);
    expect(p.totals.netProfit).toBe(p.lines[0]!.netProfit + p.lines[1]!.netProfit);
    expect(p.estimated).toBe(true);
    expect(p.totals.netProfit).toBeLessThan(0);
  });

  it('explains a line with terms that add up to the figure shown', () => {
    const e = explainLine(orderProduct());
    expect(e.terms.reduce((s, t) => s + t.cents, 0)).toBe(e.resultCents);
    expect(e.terms.map((t) => t.field)).toContain('platformFees.total');
  });

  it('explains an order as the sum of its lines', () => {
    const e = explainOrder(o);
    expect(e.terms).toHaveLength(2);
    expect(e.terms.reduce((s, t) => s + t.cents, 0)).toBe(orderProfit(o).totals.netProfit);
  });
});

describe('classifyOrder', () => {
  const normal = order();
  const cancelled = order({ id: 'o-2', status: 'CANCELLED', cancelTime: 1_760_000_500 });
  const sample = order({ id: 'o-3', sampleOrder: 'YES', products: [orderProduct({ grossSales: 0, promos: 0 })] });

  it('leaves cancelled orders out and shows samples as a separate cost by default', () => {
    expect([normal, cancelled, sample].map((o) => classifyOrder(o))).toEqual(['counted', 'excluded', 'sample']);
  });

  it('counts cancelled and sample orders when the switches are flipped', () => {
    const all = { includeCancelled: true, includeSamples: true };
    expect([normal, cancelled, sample].map((o) => classifyOrder(o, all))).toEqual(['counted', 'counted', 'counted']);
  });
});
