// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { WaitNotice } from '@/components/states/wait-notice';
import { renderWithProviders } from '../../support/render';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('WaitNotice', () => {
  it('says the service is busy once a request has waited a few seconds, and goes away when it answers', () => {
    vi.useFakeTimers();
    const { rerender } = renderWithProviders(<WaitNotice fetching failureCount={0} afterMs={3_000} />);
    expect(screen.queryByRole('status')).toBeNull(); // a quick answer shows nothing
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByRole('status').textContent).toMatch(/busy: it answers a limited number of requests a minute.*updates by itself/);
    rerender(<WaitNotice fetching={false} failureCount={0} afterMs={3_000} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says the service is not responding while a failed request is retried', () => {
    renderWithProviders(<WaitNotice fetching failureCount={1} />);
    expect(screen.getByRole('status').textContent).toMatch(/isn.t responding right now. Trying again/);
  });
});
