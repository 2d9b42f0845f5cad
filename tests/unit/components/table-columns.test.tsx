// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { pageFromInput } from '@/components/data-table/data-table-pagination';
import { ProductIcon } from '@/components/sku-costs/product-icon';
import { SkuTable } from '@/components/sku-profit/sku-table';
import type { SkuProfitRow } from '@/lib/reports/sku-report';
import { renderWithProviders } from '../../support/render';
import { skuRow } from '../../support/sku-row';

afterEach(cleanup);

const row: SkuProfitRow = skuRow({ lines: 2098 });

describe('page jump', () => {
  it('clamps what a person types to a page that exists', () => {
    expect(pageFromInput('3', 870)).toBe(3);
    expect(pageFromInput('1,000', 870)).toBe(870);
    expect(pageFromInput('0', 870)).toBe(1);
    expect(pageFromInput('', 870)).toBeNull();
  });
});

describe('SKU profit columns', () => {
  it('shows money columns by default and keeps secondary ones behind the chooser', async () => {
    const onUrlUpdate = vi.fn();
    renderWithProviders(<SkuTable rows={[row]} currency="USD" sort="netProfit" dir="desc" onSort={() => {}} />, {
      onUrlUpdate,
    });
    const table = screen.getByRole('table', { name: 'Profit per SKU' });
    for (const name of [/^Net sales/, /^Cost of goods/, /^Platform fees/, /^Net profit/, /^Margin/]) {
      expect(within(table).getByRole('button', { name })).toBeTruthy();
    }
    expect(within(table).queryByRole('button', { name: /^Seller SKU/ })).toBeNull();
    // Order lines are formatted like every other count.
    expect(within(table).getByText('2,098')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seller SKU' }));
    expect(within(table).getByRole('button', { name: /^Seller SKU/ })).toBeTruthy();
    await waitFor(() => expect(onUrlUpdate).toHaveBeenCalled());
    expect(onUrlUpdate.mock.calls.at(-1)?.[0].queryString).toContain('cols=');
  });

  it('reopens the columns a copied link names', () => {
    renderWithProviders(<SkuTable rows={[row]} currency="USD" sort="netProfit" dir="desc" onSort={() => {}} />, {
      searchParams: '?cols=sellerSku',
    });
    const table = screen.getByRole('table', { name: 'Profit per SKU' });
    expect(within(table).getByRole('button', { name: /^Seller SKU/ })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /^Order lines/ })).toBeNull();
  });
});

describe('ProductIcon', () => {
  it('renders a placeholder, never an <img>, until the picture has loaded', () => {
    const { container } = renderWithProviders(<ProductIcon src="https://img.example/mug.png" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.placeholder')).not.toBeNull();
  });

  it('never loads a non-http(s) URL', () => {
    const { container } = renderWithProviders(<ProductIcon src="javascript:alert(1)" />);
    expect(container.querySelector('img')).toBeNull();
  });
});
