// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { SkuTable } from '@/components/sku-profit/sku-table';
import { SkuControls } from '@/components/sku-profit/sku-controls';
import type { SkuProfitRow } from '@/lib/reports/sku-report';
import { renderWithProviders } from '../../support/render';
import { skuRow } from '../../support/sku-row';
import { skuProfitCsvColumns } from '@/lib/reports/sku-profit-csv';

afterEach(cleanup);

const row: SkuProfitRow = skuRow();

function renderTable() {
  const onSort = vi.fn();
  renderWithProviders(<SkuTable rows={[row]} currency="USD" sort="netProfit" dir="desc" onSort={onSort} />);
  return onSort;
}

describe('SKU table sorting', () => {
  it('sorts names A to Z on the first click', () => {
    const onSort = renderTable();
    fireEvent.click(screen.getByRole('button', { name: /^Product\. Sort A to Z/ }));
    expect(onSort).toHaveBeenLastCalledWith('productName', 'asc');
  });

  it('puts the largest cost first on the first click of a cost column (costs are negative)', () => {
    const onSort = renderTable();
    fireEvent.click(screen.getByRole('button', { name: /^Cost of goods\. Sort largest cost first/ }));
    expect(onSort).toHaveBeenLastCalledWith('costOfGoods', 'asc');
  });

  it('keeps figures highest first, and flips a sorted column', () => {
    const onSort = renderTable();
    fireEvent.click(screen.getByRole('button', { name: /^Net sales\. Sort highest first/ }));
    expect(onSort).toHaveBeenLastCalledWith('netSales', 'desc');
    fireEvent.click(screen.getByRole('button', { name: /^Net profit, sorted highest first\. Sort lowest first/ }));
    expect(onSort).toHaveBeenLastCalledWith('netProfit', 'asc');
  });
});

describe('a row adds up from left to right', () => {
  it('puts promos beside net sales, before the costs: gross sales + promos = net sales, net sales + costs = net profit', () => {
    renderTable();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');
    const at = (name: RegExp) => headers.findIndex((h) => name.test(h));
    expect(at(/^Promos \(in net sales\)/)).toBeGreaterThan(-1);
    expect(at(/^Promos/)).toBe(at(/^Net sales/) - 1);
    for (const cost of [/^Cost of goods/, /^Shipping/, /^Platform fees/, /^Affiliate/])
      expect(at(cost)).toBeGreaterThan(at(/^Net sales/));
    fireEvent.click(screen.getByRole('button', { name: /^Promos \(in net sales\)\. Sort deepest discount first/ }));
  });

  it('writes the export the same way: gross sales, promos, net sales, then the costs', () => {
    const headers = skuProfitCsvColumns.map((c) => c.header);
    const at = (h: string) => headers.indexOf(h);
    expect([at('Gross sales'), at('Promos (in net sales)'), at('Net sales'), at('Cost of goods')]).toEqual(
      [0, 1, 2, 3].map((i) => at('Gross sales') + i),
    );
    const cell = (h: string) => Number(skuProfitCsvColumns[at(h)]!.value(row));
    expect(cell('Gross sales') + cell('Promos (in net sales)')).toBeCloseTo(cell('Net sales'), 2);
    const costs = ['Cost of goods', 'Shipping', 'Platform fees', 'Affiliate commission'].map(cell);
    expect(cell('Net sales') + costs.reduce((a, b) => a + b, 0)).toBeCloseTo(cell('Net profit'), 2);
  });
});

describe('SKU search', () => {
  it('has a search button, and a clear button once a search is applied', () => {
    const onSearch = vi.fn();
    renderWithProviders(
      <SkuControls search="mug" cancelled="exclude" samples="separate" onSearch={onSearch} onSwitch={() => {}} />,
    );
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' candle ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenLastCalledWith('candle');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onSearch).toHaveBeenLastCalledWith(null);
  });
});
