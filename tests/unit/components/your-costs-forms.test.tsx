// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ExpenseForm } from '@/components/your-costs/expense-form';
import { renderWithProviders } from '../../support/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('ExpenseForm', () => {
  it('shows the API message beside the field it names and keeps what was typed', async () => {
    const fetchMock = vi.fn(async () =>
      answer(400, { success: false, error: { code: 'INVALID_REQUEST', message: 'name: is used by another expense' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <ExpenseForm shopId="s1" currency="USD" today="2026-03-01" editing={null} onSaved={vi.fn()} onCancel={vi.fn()} />,
    );
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Warehouse' } });
    fireEvent.change(screen.getByLabelText('Amount per month (USD)'), { target: { value: '12.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add expense' }));

    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('name: is used by another expense').id).toBe(name.getAttribute('aria-describedby'));
    expect((name as HTMLInputElement).value).toBe('Warehouse');
    expect((screen.getByLabelText('Amount per month (USD)') as HTMLInputElement).value).toBe('12.50');
    expect(document.activeElement).toBe(name);
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/dashboard/shops/s1/your-costs/expenses');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Warehouse',
      amount: '12.50',
      recurrence: 'monthly',
      startDay: '2026-03-01',
    });
  });

  it("checks with the API's own schema first: the same message, no request", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <ExpenseForm shopId="s1" currency="USD" today="2026-03-01" editing={null} onSaved={vi.fn()} onCancel={vi.fn()} />,
    );
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Warehouse' } });
    fireEvent.change(screen.getByLabelText('Amount per month (USD)'), { target: { value: '12.505' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add expense' }));
    const amount = screen.getByLabelText('Amount per month (USD)');
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(/^amount: .*2 decimals/).id).toBe(amount.getAttribute('aria-describedby'));
    expect((amount as HTMLInputElement).value).toBe('12.505');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says what was saved and clears the form for the next expense', async () => {
    const onSaved = vi.fn();
    const saved = { kind: 'expenses', action: 'create', values: { name: { text: 'Warehouse' } } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(201, { success: true, data: { item: {}, audit: { detail: saved } } })),
    );
    renderWithProviders(
      <ExpenseForm shopId="s1" currency="USD" today="2026-03-01" editing={null} onSaved={onSaved} onCancel={vi.fn()} />,
    );
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Warehouse' } });
    fireEvent.change(screen.getByLabelText('Amount per month (USD)'), { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add expense' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });
});
