import { statusLabel } from '@/lib/format/labels';
import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { csvHeader } from '@/lib/csv';
import { csvDocument } from '../../support/csv';
import { exportFilename, slug } from '@/lib/exports/filename';
import { orderLineColumns, orderLines } from '@/lib/exports/order-lines';
import { refundDayColumns } from '@/lib/exports/refund-lines';
import { skuCostCsvColumns, skuCostLines } from '@/lib/exports/sku-cost-lines';
import { cogsSchedule } from '@/lib/costs/cogs';
import { lineProfit } from '@/lib/profit';
import { REFUND_DETAIL_PARTS } from '@/lib/contract';
import { isProfitFigure } from '@/lib/team/figures';
import { order, orderProduct } from '../../support/fixtures';

function parse(csv: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(csv.slice(1), { header: true, skipEmptyLines: true }).data;
}

describe('orders export rows', () => {
  const orders = [
    order({ products: [orderProduct({ name: '=SUM(1+1) mug' }), orderProduct({ skuId: 'sku-2' })] }),
    order({ id: 'o-2', orderNumber: '5760002', orderType: 'UNSETTLED' }),
  ];
  const columns = orderLineColumns('Europe/London');
  const rows = parse(csvDocument(columns, orderLines(orders)));

  it('have one row per product line, with the order columns repeated', () => {
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => [r['Order number'], r['Line']])).toEqual([
      ['5760001', '1'],
      ['5760001', '2'],
      ['5760002', '1'],
    ]);
    expect(rows[2]?.Estimated).toBe('Yes');
  });

  it('write codes in words, each code kept in a column of its own', () => {
    const row = rows[0]!;
    expect(row['Status']).toBe(statusLabel(row['Status code']!));
    expect(row['Status']).not.toMatch(/_|^[A-Z]+$/);
    expect(row['Settlement']).toMatch(/^(Settled|Estimated|Estimated \(draft order\))$/);
    expect(['SETTLED', 'UNSETTLED', 'DRAFT']).toContain(row['Order type code']);
    expect(['Yes', 'No']).toContain(row['Sample order']);
    const headers = Object.keys(row);
    expect(headers).toContain('Shipping: Seller shipping');
    expect(headers.some((h) => /: [a-z]+[A-Z]/.test(h))).toBe(false);
    // The seller's own SKU comes before the marketplace's ids.
    expect(headers.indexOf('Seller SKU')).toBeLessThan(headers.indexOf('SKU id'));
  });

  it('carry the P&L of lib/profit in major units', () => {
    const line = lineProfit(orderProduct());
    expect(Number(rows[1]?.['Net profit'])).toBe(line.netProfit / 100);
    expect(Number(rows[1]?.['Net sales'])).toBe(line.netSales / 100);
    expect(Number(rows[1]?.['Platform fees: Referral fee and tax'])).toBe(-1.3);
  });

  it('neutralise a product name a spreadsheet would run as a formula', () => {
    expect(rows[0]?.['Product name']).toBe("'=SUM(1+1) mug");
  });

  it('show times on the shop clock, naming the zone', () => {
    expect(Object.keys(rows[0] ?? {})).toContain('Created (Europe/London)');
  });
});

describe('SKU costs export rows', () => {
  it('have one row per SKU', () => {
    const product = {
      id: 'p',
      productId: '1',
      name: '@home doormat',
      icon: null,
      status: 'ACTIVATE',
      skus: [
        { id: 'a', sku: 'MAT-A', price: 20, cogs: 5, shippingCost: 3 },
        { id: 'b', sku: 'MAT-B', price: 25, cogs: 6, shippingCost: 3 },
      ],
    };
    const rows = parse(csvDocument(skuCostCsvColumns, skuCostLines([product])));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      'Product name': "'@home doormat",
      'SKU id': 'a',
      'Unit profit before fees': '12',
      // A ratio as a percentage, its unit in the header (the same rule in every export: lib/csv).
      'Margin (%)': '60',
    });
    // The same word as the SKU costs page, not the API's "ACTIVATE".
    expect(rows[0]?.['Product status']).toBe('Active');
    expect(rows[0]?.['Your unit cost']).toBe('');
    // The seller's unit cost in effect today counts in unit profit, as on the page; the service's stays beside it.
    const schedule = cogsSchedule([
      { id: 'c1', skuId: 'b', fromDay: '2026-11-15', unitCostCents: 800 },
      { id: 'c2', skuId: 'b', fromDay: '2026-12-01', unitCostCents: 900 },
    ]);
    const mine = parse(csvDocument(skuCostCsvColumns, skuCostLines([product], { schedule, today: '2026-11-20' })));
    expect(mine[1]).toMatchObject({
      COGS: '6',
      'Your unit cost': '8',
      'Your unit cost from': '2026-11-15',
      'Unit profit before fees': '14',
    });
  });
});

describe('export file names', () => {
  it('name the shop and the range with safe characters', () => {
    expect(slug('Lumen & Co. Küche (DE)')).toBe('lumen-co-kuche-de');
    expect(slug('"; rm -rf')).toBe('rm-rf');
    expect(slug('***')).toBe('shop');
    expect(exportFilename('orders', 'Lumen & Co. UK', '2026-10-24', '2026-11-22')).toBe(
      'orders_lumen-co-uk_2026-10-24_2026-11-22.csv',
    );
  });
});

describe('refunds export header', () => {
  it('names each refund category in words, as the chart does', () => {
    const header = csvHeader(refundDayColumns('Europe/London', REFUND_DETAIL_PARTS));
    expect(header.slice(0, 4)).toEqual([
      'Day (Europe/London)',
      'Refund cost',
      'Gross sales refund',
      'Seller discount refund',
    ]);
    expect(header.some((h) => /^[a-z]+[A-Z]/.test(h))).toBe(false);
  });

  it('without costs and profit: the sales parts, and their sum under a name that says so', () => {
    const header = csvHeader(refundDayColumns('Europe/London', ['grossSalesRefund', 'sellerDiscountRefund']));
    expect(header).toEqual([
      'Day (Europe/London)',
      'Refunded sales and discounts',
      'Gross sales refund',
      'Seller discount refund',
    ]);
    // Nothing the access filter would take away: the file keeps its total.
    expect(header.filter(isProfitFigure)).toEqual([]);
  });
});
