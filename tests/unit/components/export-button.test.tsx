// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ExportButton } from '@/components/export-button/export-button';
import { renderWithProviders } from '../../support/render';

// The Excel choice beside every export's CSV button: the same view's URL with format=xlsx, the
// same disabled state and note; "Copy a live link" beside every export, of the same view's CSV.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const href = '/api/dashboard/shops/s1/exports/orders?from=2026-01-01&to=2026-01-31';

describe('ExportButton', () => {
  it('offers Excel beside CSV on an export route, and downloads the same view with format=xlsx', async () => {
    const fetch = vi.fn(
      async (_url: string) =>
        new Response(new Uint8Array([80, 75, 3, 4]), {
          headers: { 'content-disposition': 'attachment; filename="orders_a.xlsx"' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderWithProviders(<ExportButton href={href} label="Export CSV" />);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/Saved the Excel file/));
    expect(fetch.mock.calls[0]![0]).toBe(`${href}&format=xlsx`);
  });

  it('keeps Excel disabled with CSV while the range syncs, with the one note', () => {
    renderWithProviders(
      <ExportButton href={href} label="Export shops CSV" unavailable="Export available once synced." />,
    );
    expect((screen.getByRole('button', { name: 'Export shops CSV' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Export shops Excel' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Export available once synced.');
  });

  it('offers no Excel for a file that is not an export (the costs backup)', () => {
    renderWithProviders(
      <ExportButton href="/api/dashboard/shops/s1/your-costs/backup" label="Download all inputs (CSV)" />,
    );
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });

  it("makes a live link of the same view's CSV, copies it and shows it once", async () => {
    const url = `http://dash.example${href}&access_token=spd_live_abc`;
    const fetch = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ success: true, data: { url, item: {} } }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<ExportButton href={href} label="Export CSV" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy a live link' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Live link of this export') as HTMLInputElement).value).toBe(url),
    );
    expect(fetch.mock.calls[0]![0]).toBe('/api/dashboard/account/live-links');
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ href });
    expect(writeText).toHaveBeenCalledWith(url);
    expect(screen.getByText(/Live link copied/)).toBeTruthy();
  });

  it('offers no live link for a file that is not an export', () => {
    renderWithProviders(
      <ExportButton href="/api/dashboard/shops/s1/your-costs/backup" label="Download all inputs (CSV)" />,
    );
    expect(screen.queryByRole('button', { name: 'Copy a live link' })).toBeNull();
  });
});
