import { describe, expect, it } from 'vitest';
import { orderProfit } from '@/lib/profit';
import { pnlRows } from '@/components/orders/pnl-rows';
import { settlementLabel, statusLabel, toOrderRows } from '@/components/orders/order-rows';
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
    expect(top).toEqual(['gmv', 'grossSales', 'promos', 'netSales', 'costOfGoods', 'shipping', 'platformFees', 'affiliateCommission', 'netProfit']);
  });

  it('keep every GMV and shipping part but only the fee and commission parts that are not zero', () => {
    const parts = rows.filter((r) => r.level === 1).map((r) => r.key);
    expect(parts).toEqual(
      expect.arrayContaining(['gmvBreakdown.platformDiscount', 'shippingCost.fbt', 'platformFees.referralFeeAndTax', 'affiliateCommission.commission']),
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
    expect(settlementLabel({ orderType: 'DRAFT' })).toMatchObject({ label: 'Estimated (draft)', estimated: true });
  });

  it('compute each order profit once, from lib/profit', () => {
    const [row] = toOrderRows([order({ orderType: 'UNSETTLED', sampleOrder: 'YES' })]);
    expect(row?.profit.estimated).toBe(true);
    expect(row?.profit.sample).toBe(true);
    expect(row?.profit.totals.netProfit).toBe(orderProfit(order()).totals.netProfit);
  });
});
