import { describe, expect, it } from 'vitest';
import { explainLine, explainOrder, orderProfit } from '@/lib/profit';
import { orderCogs } from '@/lib/costs/order-cogs';
import { pnlRows } from '@/components/orders/pnl-rows';
import { toOrderRows } from '@/components/orders/order-rows';
import { settlementLabel, statusLabel } from '@/lib/format/labels';
import { order, orderProduct } from '../../support/fixtures';

describe('the per-product P&L panel rows', () => {
  const o = order({
    products: [orderProduct(), orderProduct({ skuId: 'sku-2', grossSales: 10, promos: 0, costOfGoods: -12 })],
  });
  const rows = pnlRows(o.products, orderProfit(o));
  const byKey = new Map(rows.map((r) => [r.key, r]));

  it('show net profit per product, and the order total as their sum', () => {
    const net = byKey.get('netProfit');
    expect(net?.kind).toBe('result');
    expect(net?.values).toEqual(orderProfit(o).lines.map((l) => l.netProfit));
    expect(net?.total).toBe(net?.values.reduce((a, b) => a + b, 0));
    expect(net?.total).toBe(orderProfit(o).totals.netProfit);
  });

  it('list the figures of the formula in order, GMV first and net profit last', () => {
    const top = rows.filter((r) => r.level === 0).map((r) => r.key);
    expect(top).toEqual([
      'gmv',
      'grossSales',
      'promos',
      'netSales',
      'costOfGoods',
      'shipping',
      'platformFees',
      'affiliateCommission',
      'netProfit',
    ]);
  });

  it('keep every GMV and shipping part but only the fee and commission parts that are not zero', () => {
    const parts = rows.filter((r) => r.level === 1).map((r) => r.key);
    expect(parts).toEqual(
      expect.arrayContaining([
        'gmvBreakdown.platformDiscount',
        'shippingCost.fbt',
        'platformFees.referralFeeAndTax',
        'affiliateCommission.commission',
      ]),
    );
    expect(parts).not.toContain('platformFees.campaignServiceFee');
    expect(parts).not.toContain('affiliateCommission.deposit');
    expect(byKey.get('platformFees.referralFeeAndTax')?.values).toEqual([-130, -130]);
  });
});

describe('order row labels', () => {
  it('say a status in plain words', () => {
    expect(statusLabel('AWAITING_SHIPMENT')).toBe('Awaiting shipment');
    expect(statusLabel('COMPLETED')).toBe('Completed');
  });

  it('mark unsettled and draft orders as estimated', () => {
    expect(settlementLabel({ orderType: 'SETTLED' })).toMatchObject({ label: 'Settled', estimated: false });
    expect(settlementLabel({ orderType: 'UNSETTLED' })).toMatchObject({ label: 'Estimated', estimated: true });
    expect(settlementLabel({ orderType: 'DRAFT' })).toMatchObject({
      label: 'Estimated (draft order)',
      estimated: true,
    });
  });

  it('compute each order profit once, from lib/profit', () => {
    const [row] = toOrderRows([order({ orderType: 'UNSETTLED', sampleOrder: 'YES' })]);
    expect(row?.profit.estimated).toBe(true);
    expect(row?.profit.sample).toBe(true);
    expect(row?.profit.totals.netProfit).toBe(orderProfit(order()).totals.netProfit);
  });
});

describe("an order's lines under the seller's dated COGS", () => {
  // sku-1 sells at 10.00 a unit (20.00 gross = 2 units); from 2026-01-01 a unit costs 4.20.
  const cogs = orderCogs(
    {
      entries: [{ id: 'c', skuId: 'sku-1', fromDay: '2026-01-01', unitCostCents: 420 }],
      prices: { 'sku-1': 1000 },
      charges: [],
    },
    'UTC',
  );
  const o = order({
    createTime: Date.parse('2026-02-01T12:00:00Z') / 1000,
    products: [orderProduct(), orderProduct({ skuId: 'sku-2', costOfGoods: -12 })],
  });
  const [row] = toOrderRows([o], cogs);
  const profit = row!.profit;

  it("re-costs the SKU's lines (2 units × 4.20) and keeps the service's figure beside it; other SKUs keep the service's", () => {
    expect(profit.lines.map((l) => [l.costOfGoods, l.serviceCostOfGoods, l.cogsFromInput])).toEqual([
      [-840, -610, true],
      [-1200, -1200, false],
    ]);
    expect(profit.totals.netProfit).toBe(orderProfit(o).totals.netProfit - 230);
  });

  it('says so in the P&L panel and in the explanation', () => {
    const rows = pnlRows(o.products, profit);
    expect(rows.find((r) => r.key === 'costOfGoods')?.label).toBe('Cost of goods (your input)');
    expect(rows.find((r) => r.key === 'serviceCostOfGoods')).toMatchObject({ level: 1, values: [-610, -1200] });
    const explained = explainLine(o.products[0]!, profit.lines[0]);
    expect(explained.terms[2]).toMatchObject({ cents: -840, label: expect.stringContaining('your input') });
    expect(explained.resultCents).toBe(profit.lines[0]!.netProfit);
    expect(explainOrder(o, profit).resultCents).toBe(profit.totals.netProfit);
  });

  it('leaves an order before the first date, or with no entries, at the service figures', () => {
    const early = order({ createTime: Date.parse('2025-12-31T12:00:00Z') / 1000, products: [orderProduct()] });
    expect(toOrderRows([early], cogs)[0]!.profit.lines[0]!.cogsFromInput).toBe(false);
    expect(orderCogs({ entries: [], prices: {}, charges: [] }, 'UTC')).toBeUndefined();
    expect(pnlRows(early.products, orderProfit(early)).find((r) => r.key === 'costOfGoods')?.label).toBe(
      'Cost of goods (from the service)',
    );
  });
});
