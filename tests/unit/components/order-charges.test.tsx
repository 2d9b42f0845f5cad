// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { OrderPnlPanel } from '@/components/orders/order-pnl-panel';
import { toOrderRows } from '@/components/orders/order-rows';
import { orderCogs, type OrderCogsData } from '@/lib/costs/order-cogs';
import { orderLineColumns, orderLines } from '@/lib/exports/order-lines';
import { formatMoney } from '@/lib/format/money';
import { explainLine, explainOrder, orderProfit } from '@/lib/profit';
import { order, orderProduct } from '../../support/fixtures';

// An order's own P&L with the seller's charged kinds (lib/costs/charges): what the orders page's
// P&L panel, its explanation and the orders export show a seller with a fulfilment cost set.

afterEach(cleanup);

const LABEL = 'Fulfilment and packaging (yours)';
const fulfilment = (rates: OrderCogsData['charges'][number]['rates']): OrderCogsData => ({
  entries: [],
  prices: { 'sku-1': 1000, 'sku-2': 500 },
  charges: [{ id: 'fulfilment', label: LABEL, rates }],
});
const created = Date.parse('2026-02-01T12:00:00Z') / 1000;
const twoSkus = order({
  createTime: created,
  products: [orderProduct(), orderProduct({ skuId: 'sku-2', sellerSku: 'MUG-RED', skuName: 'Red', grossSales: 10 })],
});
const money = (cents: number) => formatMoney(cents, 'USD');

describe('an order of two SKUs with a $1.50 per-order fulfilment fee', () => {
  const costs = orderCogs(fulfilment([{ skuId: null, fromDay: '2026-01-01', per: 'order', amountCents: 150 }]), 'UTC');
  const [row] = toOrderRows([twoSkus], costs);
  const profit = row!.profit;

  it('charges $1.50 once, on the first line, in net profit and total costs', () => {
    expect(profit.lines.map((l) => l.charged)).toEqual([-150, 0]);
    expect(profit.totals.netProfit).toBe(orderProfit(twoSkus).totals.netProfit - 150);
    expect(profit.totals.totalCosts).toBe(orderProfit(twoSkus).totals.totalCosts - 150);
  });

  it('shows it once in the P&L panel, on its own line after the service’s costs', () => {
    render(<OrderPnlPanel order={twoSkus} profit={profit} currency="USD" onExplain={() => {}} />);
    const line = screen.getByRole('rowheader', { name: LABEL }).closest('tr')!;
    const cells = within(line)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([money(-150), money(0), money(-150)]);
    const heads = screen.getAllByRole('rowheader').map((h) => h.textContent);
    expect(heads.indexOf(LABEL)).toBe(heads.indexOf('Net profit') - 1);
    expect(heads.indexOf(LABEL)).toBeGreaterThan(heads.indexOf('Affiliate commission'));
  });

  it('explains it as a term of the first line, and the order total as the lines’ sum', () => {
    const first = explainLine(twoSkus.products[0]!, profit.lines[0]);
    expect(first.terms.at(-1)).toMatchObject({ label: LABEL, cents: -150 });
    expect(first.formula).toContain('fulfilment and packaging (yours)');
    expect(first.terms.reduce((a, t) => a + t.cents, 0)).toBe(first.resultCents);
    expect(explainLine(twoSkus.products[1]!, profit.lines[1]).terms.at(-1)).toMatchObject({ cents: 0 });
    const whole = explainOrder(twoSkus, profit);
    expect(whole.resultCents).toBe(profit.totals.netProfit);
    expect(whole.terms[0]!.label).toContain('(with your fulfilment and packaging)');
    expect(whole.terms[1]!.label).not.toContain('with your');
  });

  it('exports it as its own column, only in the view with your costs', () => {
    const lines = [...orderLines([twoSkus], costs)];
    const columns = orderLineColumns('UTC', true);
    const column = columns.find((c) => c.header === LABEL)!;
    expect(lines.map((l) => column.value(l))).toEqual([-1.5, 0]);
    const net = columns.find((c) => c.header === 'Net profit')!;
    expect(lines.map((l) => net.value(l))).toEqual(
      orderProfit(twoSkus).lines.map((l, i) => (l.netProfit - (i === 0 ? 150 : 0)) / 100),
    );
    expect(orderLineColumns('UTC', false).some((c) => c.header === LABEL)).toBe(false);
  });
});

describe('the charge rule on one order', () => {
  it('charges per unit on every line (units = gross ÷ price, rounded half up), the SKU’s own rate replacing the every-SKU one', () => {
    const costs = orderCogs(
      fulfilment([
        { skuId: null, fromDay: '2026-01-01', per: 'unit', amountCents: 25 },
        { skuId: 'sku-2', fromDay: '2026-01-15', per: 'unit', amountCents: 33 },
      ]),
      'UTC',
    )!;
    // sku-1: 20.00 ÷ 10.00 = 2 units × 0.25; sku-2: 10.00 ÷ 5.00 = 2 units × 0.33.
    expect(costs(twoSkus).charges.map((l) => l[0]!.cents)).toEqual([-50, -66]);
  });

  it('puts the per-order charge on the first line with sales, at that SKU’s own rate', () => {
    const costs = orderCogs(
      fulfilment([
        { skuId: null, fromDay: '2026-01-01', per: 'order', amountCents: 150 },
        { skuId: 'sku-2', fromDay: '2026-01-01', per: 'order', amountCents: 275 },
      ]),
      'UTC',
    )!;
    const noSalesFirst = order({
      createTime: created,
      products: [orderProduct({ grossSales: 0 }), orderProduct({ skuId: 'sku-2', grossSales: 10 })],
    });
    expect(costs(noSalesFirst).charges.map((l) => l[0]!.cents)).toEqual([0, -275]);
  });

  it('charges nothing before the rate’s first day, and nothing at all in the service’s view', () => {
    const costs = orderCogs(
      fulfilment([{ skuId: null, fromDay: '2026-03-01', per: 'order', amountCents: 150 }]),
      'UTC',
    )!;
    expect(
      costs(twoSkus)
        .charges.flat()
        .map((c) => c.cents),
    ).toEqual([0, 0]);
    expect(orderCogs(null, 'UTC')).toBeUndefined();
    expect(toOrderRows([twoSkus])[0]!.profit.lines.every((l) => l.charges.length === 0)).toBe(true);
  });
});
