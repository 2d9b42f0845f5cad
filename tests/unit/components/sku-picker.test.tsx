// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { AdSpendForm } from '@/components/your-costs/ad-spend-form';
import { indexSkus } from '@/components/your-costs/cost-rows';
import type { CostSku } from '@/lib/costs/data';
import { renderWithProviders } from '../../support/render';

// The SKU pickers (Your costs, the what-if): the search reaches every SKU and the list says how many
// it shows of how many; typing a name picks that SKU, so a form never saves "Whole shop" while the
// seller typed a SKU.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const skus: CostSku[] = Array.from({ length: 78 }, (_, i) => ({
  skuId: `sku-${i}`,
  productId: `p-${Math.floor(i / 2)}`,
  productName: i === 77 ? 'Teak serving board' : `Product ${i}`,
  skuName: i % 2 ? 'Large' : 'Small',
  sellerSku: i === 77 ? 'TEK-M-US' : `SKU-${i}`,
  priceCents: 1_000,
  serviceUnitCogsCents: 300,
}));

function renderForm() {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ success: true, data: {} }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(
    <AdSpendForm
      shopId="s1"
      currency="USD"
      today="2026-03-01"
      skus={skus}
      index={indexSkus(skus)}
      editing={null}
      onSaved={vi.fn()}
      onCancel={vi.fn()}
    />,
  );
  return fetchMock;
}

describe('a SKU picker', () => {
  it('says it shows 40 of the 78 SKUs, and that typing finds the rest', () => {
    renderForm();
    const search = screen.getByLabelText('Find a SKU or product');
    expect(screen.getByText('40 of 78 SKUs shown — type to find the rest.').id).toBe(
      search.getAttribute('aria-describedby'),
    );
    expect(screen.queryByRole('option', { name: /Teak serving board/ })).toBeNull();
    fireEvent.change(search, { target: { value: 'teak' } });
    expect(screen.getByText('1 SKU matches.')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'product' } });
    expect(screen.getByText('40 of 77 matching SKUs shown — type more to narrow them.')).toBeTruthy();
  });

  it('typing a name picks that SKU instead of leaving "Whole shop" selected, and the entry is saved on it', async () => {
    const fetchMock = renderForm();
    const spentOn = screen.getByLabelText('Spent on') as HTMLSelectElement;
    expect(spentOn.value).toBe('');
    fireEvent.change(screen.getByLabelText('Find a SKU or product'), { target: { value: 'teak serving' } });
    expect(spentOn.value).toBe('sku:sku-77');
    expect(spentOn.selectedOptions[0]!.textContent).toBe('Teak serving board — Large (TEK-M-US)');
    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '12.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add ad spend' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ skuId: 'sku-77', amount: '12.50' });
  });

  it('keeps a choice the search still shows, and keeps "Whole shop" when the search is cleared', () => {
    renderForm();
    const spentOn = screen.getByLabelText('Spent on') as HTMLSelectElement;
    const search = screen.getByLabelText('Find a SKU or product');
    fireEvent.change(search, { target: { value: 'product 1' } });
    expect(spentOn.value).toBe('sku:sku-1');
    fireEvent.change(spentOn, { target: { value: 'sku:sku-12' } });
    fireEvent.change(search, { target: { value: 'product 12' } });
    expect(spentOn.value).toBe('sku:sku-12');
    fireEvent.change(spentOn, { target: { value: '' } });
    fireEvent.change(search, { target: { value: '' } });
    expect(spentOn.value).toBe('');
  });
});
