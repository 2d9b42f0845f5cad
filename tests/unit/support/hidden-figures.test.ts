import { describe, expect, it } from 'vitest';
import { findLeaks, orderingLeaks } from '@/tests/support/hidden-figures';

// The checker the hidden-figures property relies on: it must find a figure a viewer can work out,
// and must not call a count that equals another count plus a ratio by chance a leak.
describe('findLeaks', () => {
  const kpi = (value: number, previous: number) => ({ value, previous, change: null });

  it('finds a shown amount that is another shown amount plus a hidden one', () => {
    // The viewer sees net sales and "after fees"; the owner also sees the fees: 10,000 − 1,500.
    const owner = { totals: { netSales: 10_000, afterFees: 8_500, platformFees: -1_500 } };
    const viewer = { totals: { netSales: 10_000, afterFees: 8_500 } };
    expect(findLeaks([{ view: 'refunds', owner, viewer, centsPerUnit: 1 }])).toContainEqual({
      view: 'refunds',
      where: '$.totals',
      relation: 'afterFees = netSales + platformFees',
    });
  });

  it('still finds it beside KPIs that are a count and a ratio', () => {
    const owner = {
      kpis: { orders: kpi(3, 2), margin: kpi(0.45, 0.6) },
      totals: { netSales: 10_000, afterFees: 8_500, platformFees: -1_500 },
    };
    const viewer = { kpis: { orders: kpi(3, 2) }, totals: { netSales: 10_000, afterFees: 8_500 } };
    const leaks = findLeaks([{ view: 'overview', owner, viewer, centsPerUnit: 1 }]);
    expect(leaks.map((l) => l.relation)).toContain('afterFees = netSales + platformFees');
    expect(leaks.map((l) => l.relation)).not.toContain('value = previous + margin');
  });

  it('does not compare counts and ratios in cents: 3 orders are not 2 orders plus a margin of 1.05', () => {
    const owner = { kpis: { orders: kpi(3, 2), netSales: kpi(5_000, 4_000), margin: kpi(0.45, 0.6) } };
    const viewer = { kpis: { orders: kpi(3, 2), netSales: kpi(5_000, 4_000) } };
    expect(findLeaks([{ view: 'overview', owner, viewer, centsPerUnit: 1 }])).toEqual([]);
  });
});

describe('orderingLeaks', () => {
  // Rows the viewer sees by name and sales only (in no order of theirs); the owner's also have net profit.
  const names = ['MUG-2', 'CAP-9', 'TEE-1', 'BAG-4'];
  const sales = [40, 10, 30, 20];
  const rows = (profits: number[]) => ({
    owner: profits.map((netProfit, i) => ({ sku: names[i]!, netSales: sales[i]!, netProfit })),
    viewer: profits.map((_, i) => ({ sku: names[i]!, netSales: sales[i]! })),
  });
  const order = (lists: { owner: unknown[]; viewer: unknown[] }[]) => ({
    view: 'orders',
    owner: { items: lists.map((l) => ({ products: l.owner })) },
    viewer: { items: lists.map((l) => ({ products: l.viewer })) },
    centsPerUnit: 1,
  });

  it('finds a list chosen and ordered by a hidden figure', () => {
    const top = rows([900, 500, 300, 100]);
    expect(
      orderingLeaks({ view: 'overview', owner: { top: top.owner }, viewer: { top: top.viewer }, centsPerUnit: 1 }),
    ).toEqual([{ view: 'overview', where: '$.top', relation: 'ordered by netProfit', rows: '1 of 1 lists' }]);
  });

  it("finds every order's lines ordered by a hidden figure, and not one order of two whose lines fall so by chance", () => {
    const ordered = rows([900, 500, 300, 100]);
    const not = rows([100, 900, 300, 500]);
    expect(orderingLeaks(order([ordered, not]))).toEqual([]);
    expect(orderingLeaks(order([ordered, ordered, not]))).toEqual([
      { view: 'orders', where: '$.items[].products', relation: 'ordered by netProfit', rows: '2 of 3 lists' },
    ]);
  });
});
