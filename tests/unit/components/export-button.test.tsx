// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ExportButton } from '@/components/export-button/export-button';
import { renderWithProviders } from '../../support/render';

// The Excel choice beside every export's CSV button: the same view's URL with format=xlsx, the
// same disabled state and note.

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
});
