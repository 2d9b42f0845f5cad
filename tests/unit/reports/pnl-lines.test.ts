import { describe, expect, it } from 'vitest';
import { convertCents } from '@/lib/costs/fx';
import { convertLines, periodLines, type PnlFigures, type PnlLineValue } from '@/lib/reports/pnl-lines';

// The statement's lines of one period: a group whose parts fall short of its total says the rest in
// a line of its own, sample orders are their cost of goods and the rest, "Net profit of orders" sits
// between the orders' lines and the period's, the lines make the bottom line, and a converted
// statement still adds up.

const figures: PnlFigures = {
  grossSales: 100_00,
  promos: -10_00,
  netSales: 90_00,
  costOfGoods: -30_00,
  shipping: -10_00,
  platformFees: -7_77,
  affiliateCommission: -3_33,
  samples: -1_11,
  sampleCostOfGoods: -80,
  refunds: -5_00,
  yours: { shopAdSpend: -2_00, expenses: -4_01 },
  bottomLine: 90_00 - 30_00 - 10_00 - 7_77 - 3_33 - 1_11 - 5_00 - 2_00 - 4_01,
};
const parts = {
  // Shipping's parts add up to 6.00 of its 10.00; fees' parts to all of them.
  orders: {
    'shippingCost.sellerShipping': -4_00,
    'shippingCost.fbt': -2_00,
    'platformFees.transactionFee': -1_77,
    'platformFees.referralFeeAndTax': -6_00,
    'affiliateCommission.commission': -3_33,
    'gmvBreakdown.platformDiscount': -8_00,
  },
  refunds: { value: -5_00, parts: { grossSalesRefund: -4_50, refundAdministrationFee: -50 } },
};

const cents = (lines: PnlLineValue[], key: string) => lines.find((l) => l.key === key)!.cents;

function expectAddsUp(lines: PnlLineValue[]) {
  for (const group of ['shipping', 'fees', 'affiliate', 'samples', 'refunds'])
    expect(lines.filter((l) => l.key.startsWith(`${group}.`)).reduce((a, l) => a + l.cents, 0)).toBe(
      cents(lines, group),
    );
  expect(cents(lines, 'sales.gross') + cents(lines, 'promos.seller')).toBe(cents(lines, 'sales.net'));
  const below = lines.filter((l) => l.kind === 'line' && !['sales.gross', 'promos.seller'].includes(l.key));
  expect(cents(lines, 'sales.net') + below.reduce((a, l) => a + l.cents, 0)).toBe(cents(lines, 'bottomLine'));
  // Net profit of orders: every line above it; the bottom line: that and the period's lines.
  const at = lines.findIndex((l) => l.key === 'netProfit');
  const orders = lines.slice(0, at).filter((l) => l.kind === 'line');
  expect(orders.reduce((a, l) => a + l.cents, 0)).toBe(cents(lines, 'netProfit'));
  const period = lines.slice(at).filter((l) => l.kind === 'line');
  expect(cents(lines, 'netProfit') + period.reduce((a, l) => a + l.cents, 0)).toBe(cents(lines, 'bottomLine'));
}

describe('P&L lines of a period', () => {
  const lines = periodLines(figures, 'mine', parts);

  it('says what the service did not break down, and the lines make the bottom line', () => {
    expect(cents(lines, 'shipping.unsplit')).toBe(-4_00);
    expect(lines.find((l) => l.key === 'shipping.unsplit')!.label).toBe('Not broken down by the service');
    expect(cents(lines, 'fees.unsplit')).toBe(0);
    expect(cents(lines, 'promos.platform')).toBe(-8_00);
    expect(lines.find((l) => l.key === 'promos.platform')!.kind).toBe('memo');
    expect(cents(lines, 'yours.expenses')).toBe(-4_01);
    expect(cents(lines, 'samples.cogs')).toBe(-80);
    expect(cents(lines, 'samples.marketplace')).toBe(-31);
    expect(cents(lines, 'netProfit')).toBe(90_00 - 30_00 - 10_00 - 7_77 - 3_33);
    expect(lines.find((l) => l.key === 'netProfit')!.label).toBe('Net profit of orders');
    expectAddsUp(lines);
  });

  it('keeps the keys a journal maps, in the order an accountant reads them', () => {
    const keys = lines.filter((l) => l.kind !== 'part').map((l) => l.key);
    expect(keys).toEqual([
      'sales.gross',
      'promos.seller',
      'sales.net',
      'promos.platform',
      'cogs',
      'shipping',
      'fees',
      'affiliate',
      'yours.skuAdSpend',
      'yours.allocatedCosts',
      'yours.charged:fulfilment',
      'netProfit',
      'samples',
      'refunds',
      'yours.shopAdSpend',
      'yours.expenses',
      'bottomLine',
    ]);
  });

  it('converted at a rate, every group and total is made again from the converted figures', () => {
    const converted = convertLines(lines, (c) => convertCents(c, '1.3333'));
    expectAddsUp(converted);
    expect(cents(converted, 'shipping.fbt')).toBe(convertCents(-2_00, '1.3333'));
    // Each figure is rounded once: the bottom line is within a cent per figure of the converted one.
    expect(Math.abs(cents(converted, 'bottomLine') - convertCents(figures.bottomLine, '1.3333'))).toBeLessThanOrEqual(
      lines.length,
    );
  });
});
