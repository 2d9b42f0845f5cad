// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { LocaleProvider } from '@/components/app-shell/locale-provider';
import { ExportButton } from '@/components/export-button/export-button';
import { Money } from '@/components/money/money';
import { ExpenseForm } from '@/components/your-costs/expense-form';
import { enterLocale } from '@/lib/format/locale';
import { renderWithProviders } from '../../support/render';

// Components under the person's locale (docs/ARCHITECTURE.md#the-persons-locale): a figure is
// written in it with no prop of its own, and an export offers German Excel's CSV where it applies.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  enterLocale('en-US');
});

const href = '/api/dashboard/shops/s1/exports/orders?from=2026-01-01&to=2026-01-31';

describe('the locale provider', () => {
  it('writes a figure in the chosen locale, the browser’s when none is chosen', () => {
    renderWithProviders(
      <LocaleProvider choice="de-DE" acceptLanguage="en-US">
        <Money cents={123456} currency="EUR" />
      </LocaleProvider>,
    );
    expect(document.body.textContent).toBe('1.234,56\u00a0€');
    cleanup();
    renderWithProviders(
      <LocaleProvider choice={null} acceptLanguage="en-GB,en;q=0.8">
        <Money cents={-123456} currency="GBP" />
      </LocaleProvider>,
    );
    expect(document.body.textContent).toBe('-£1,234.56');
  });

  it('offers the CSV for Excel (semicolon, decimal comma) in de-DE, and downloads format=csv-excel-de', async () => {
    const fetch = vi.fn(
      async (_url: string) =>
        new Response('\uFEFFa;b\r\n1,5;2\r\n', {
          headers: { 'content-disposition': 'attachment; filename="orders_a_excel-de.csv"' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderWithProviders(
      <LocaleProvider choice="de-DE" acceptLanguage={null}>
        <ExportButton href={href} label="Export CSV" />
      </LocaleProvider>,
    );
    expect(screen.getByRole('button', { name: 'Export CSV (comma, for scripts)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV for Excel (semicolon, decimal comma)' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(fetch.mock.calls[0]![0]).toBe(`${href}&format=csv-excel-de`);
    await waitFor(() => expect(screen.getByText('Saved 1 row.')).toBeTruthy());
  });

  it('offers one CSV where the locale writes a decimal point', () => {
    renderWithProviders(
      <LocaleProvider choice="en-GB" acceptLanguage={null}>
        <ExportButton href={href} label="Export CSV" />
      </LocaleProvider>,
    );
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /for Excel/ })).toBeNull();
  });

  it('takes a money field typed with the decimal comma in de-DE, and sends the API the plain amount', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ success: true, data: { item: {}, audit: { summary: 'Added expense Rent' } } }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onSaved = vi.fn();
    renderWithProviders(
      <LocaleProvider choice="de-DE" acceptLanguage={null}>
        <ExpenseForm
          shopId="s1"
          currency="EUR"
          today="2026-03-01"
          editing={null}
          onSaved={onSaved}
          onCancel={vi.fn()}
        />
      </LocaleProvider>,
    );
    const amount = screen.getByLabelText('Amount per month (EUR)') as HTMLInputElement;
    expect(amount.placeholder).toBe('120,00');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Rent' } });
    fireEvent.change(amount, { target: { value: '1.234,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add expense' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toMatchObject({ name: 'Rent', amount: '1234.5' });
  });
});
