// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { ErrorState } from '@/components/states/error-state';
import { ProductIcon } from '@/components/sku-costs/product-icon';
import { DateRangePicker } from '@/components/date-range-picker/date-range-picker';
import { renderWithProviders } from '../../support/render';

afterEach(cleanup);

describe('ErrorState', () => {
  it('shows what happened and retries on request', () => {
    const onRetry = vi.fn();
    renderWithProviders(
      <ErrorState error={{ code: 'UPSTREAM_UNAVAILABLE', message: 'Not responding.' }} onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert').textContent).toContain('The Reporting Service is not responding');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('offers no retry when retrying cannot help', () => {
    renderWithProviders(<ErrorState error={{ code: 'FEATURE_UNAVAILABLE', message: 'Upgrade.' }} onRetry={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

describe('ProductIcon', () => {
  it('swaps the placeholder for the picture once it has loaded, without a referrer', async () => {
    // jsdom loads no images: a stand-in Image reports a loaded picture.
    class LoadedImage {
      onload: (() => void) | null = null;
      naturalWidth = 32;
      referrerPolicy = '';
      decoding = '';
      set src(_value: string) {
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal('Image', LoadedImage);
    try {
      const { container, findByRole } = renderWithProviders(<ProductIcon src="https://cdn.example.com/a.jpg" />);
      expect(container.querySelector('img')).toBeNull();
      const img = await findByRole('presentation', { hidden: true });
      expect(img.getAttribute('src')).toBe('https://cdn.example.com/a.jpg');
      expect(img.getAttribute('referrerpolicy')).toBe('no-referrer');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps the placeholder when the picture fails to load', async () => {
    class FailingImage {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      naturalWidth = 0;
      referrerPolicy = '';
      decoding = '';
      set src(_value: string) {
        queueMicrotask(() => this.onerror?.());
      }
    }
    vi.stubGlobal('Image', FailingImage);
    try {
      const { container } = renderWithProviders(<ProductIcon src="https://cdn.example.com/missing.jpg" />);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(container.querySelector('img')).toBeNull();
      expect(container.querySelector('.placeholder')).not.toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows a placeholder for any other URL', () => {
    const { container } = renderWithProviders(<ProductIcon src="javascript:alert(1)" />);
    expect(container.querySelector('img')).toBeNull();
  });
});

describe('DateRangePicker', () => {
  it('shows the shop time zone and resets to page 1 when the range changes', () => {
    const onUrlUpdate = vi.fn();
    renderWithProviders(<DateRangePicker timeZone="Europe/Berlin" />, { searchParams: '?shop=s1&page=3', onUrlUpdate });
    expect(screen.getByText(/Time zone: Europe\/Berlin/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Date range'), { target: { value: 'last-90-days' } });
    return vi.waitFor(() => {
      expect(onUrlUpdate).toHaveBeenCalled();
      const event = onUrlUpdate.mock.calls.at(-1)?.[0] as {
        searchParams: URLSearchParams;
        options: { history: string };
      };
      expect(event.searchParams.get('range')).toBe('last-90-days');
      expect(event.searchParams.get('page')).toBeNull();
      expect(event.searchParams.get('shop')).toBe('s1');
      expect(event.options.history).toBe('push');
    });
  });
});
