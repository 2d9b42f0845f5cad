// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CsvImportDialog } from '@/components/your-costs/csv-import-dialog';
import { indexSkus } from '@/components/your-costs/cost-rows';
import { AD_SPEND_KIND } from '@/lib/costs/kind-ad-spend';
import { COGS_KIND } from '@/lib/costs/kind-cogs';
import { KINDS } from '@/lib/costs/kinds';
import { renderWithProviders } from '../../support/render';

// The one CSV import dialog, as each importable kind of the registry configures it: the file is
// checked first (nothing written), the preview says what importing does, and the commit sends the
// file once more and names the change it made.

beforeAll(() => {
  // jsdom has <dialog> without its modal methods.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const sku = {
  skuId: 'sku-1',
  productId: 'prod-1',
  productName: 'Shirt',
  skuName: 'M',
  sellerSku: 'SHIRT-M',
  priceCents: 3000,
  serviceUnitCogsCents: 950,
};

describe('CsvImportDialog', () => {
  it('is configured by every importable kind of the registry: ad spend and unit costs', () => {
    expect(KINDS.filter((k) => k.import).map((k) => k.id)).toEqual(['adSpend', 'cogs']);
  });

  it('ad spend: previews the days and total, asks about repeated rows, imports without them', async () => {
    const preview = {
      rows: [
        {
          row: 2,
          day: '2026-10-01',
          amountCents: 1250,
          skuId: 'sku-1',
          productId: null,
          campaign: 'Autumn',
          target: 'sku',
        },
        { row: 3, day: '2026-10-02', amountCents: 800, skuId: null, productId: null, campaign: null, target: 'shop' },
        { row: 4, day: '2026-10-02', amountCents: 800, skuId: null, productId: null, campaign: null, target: 'shop' },
      ],
      errors: [],
      warnings: [],
      duplicates: [[3, 4]],
      replaces: 1,
      from: '2026-10-01',
      to: '2026-10-02',
      totalCents: 2850,
    };
    const detail = { kind: 'adSpend', action: 'import', values: { count: { count: 2 } } };
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
      JSON.parse(String(init.body)).commit
        ? ok({ preview, committed: true, audit: { detail } })
        : ok({ preview, committed: false }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onSaved = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(
      <CsvImportDialog
        kind={AD_SPEND_KIND}
        shopId="s1"
        currency="USD"
        today="2026-10-03"
        skus={[sku]}
        index={indexSkus([sku])}
        onSaved={onSaved}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Import ad spend from a CSV' });
    expect(within(dialog).getByText('seller_sku')).toBeTruthy();
    expect(within(dialog).getByText('2026-10-03,12.50,SHIRT-M,,Spring sale')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Or paste the CSV'), { target: { value: 'date,spend\n…' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check the CSV' }));

    await within(dialog).findByText(
      '3 rows from Oct 1 – Oct 2, 2026, $28.50 in all. Importing replaces 1 existing row on those days.',
    );
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/dashboard/shops/s1/your-costs/ad-spend/import');
    expect(
      within(dialog).getByText(
        '1 row repeats an earlier row exactly (same day, amount, target and campaign): lines 3 and 4.',
      ),
    ).toBeTruthy();
    const table = within(dialog).getByRole('table', { name: 'Rows to import' });
    expect(within(table).getByRole('rowheader', { name: 'Oct 1, 2026' })).toBeTruthy();
    expect(within(table).getAllByText('$12.50')).toHaveLength(1);
    expect(within(table).getByText('Autumn')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Import every row (3 rows)' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Import without the duplicates (2 rows)' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(detail));
    expect(onClose).toHaveBeenCalled();
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1].body))).toEqual({
      duplicates: 'skip',
      csv: 'date,spend\n…',
      commit: true,
    });
  });

  it('unit costs: shows each SKU before → after, the lines left as they are, with the endpoint’s own template', async () => {
    const preview = {
      rows: [
        {
          row: 2,
          skuId: 'sku-1',
          sellerSku: 'SHIRT-M',
          productName: 'Shirt',
          fromDay: '2026-10-01',
          unitCostCents: 4150,
          unitCostBeforeCents: 950,
          unitCostBeforeSource: 'service',
          replacesCogsEntry: null,
        },
      ],
      unchanged: [3, 5],
      errors: [],
      warnings: [],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok({ preview, committed: false })),
    );
    renderWithProviders(
      <CsvImportDialog kind={COGS_KIND} shopId="s1" currency="GBP" onSaved={vi.fn()} onClose={vi.fn()} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Import unit costs from a CSV' });
    expect(within(dialog).getByRole('button', { name: /Download the template CSV/ })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Or paste the CSV'), { target: { value: 'sku_id,unit_cost,from' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check the CSV' }));
    await within(dialog).findByText(
      '1 unit cost to import. 2 lines (lines 3 and 5) leave their unit cost as it is (yours is already that amount on that day, or none is given): not imported.',
    );
    const table = within(dialog).getByRole('table', { name: 'Unit costs to import' });
    expect(within(table).getByText("£9.50 (the service's) → £41.50")).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Import 1 unit cost' })).toBeTruthy();
  });
});
