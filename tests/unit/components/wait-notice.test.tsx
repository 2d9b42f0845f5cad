// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { WaitNotice } from '@/components/states/wait-notice';
import { errorCopy } from '@/components/states/error-copy';
import { DASHBOARD_ERRORS } from '@/lib/api/errors';
import { renderWithProviders } from '../../support/render';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('WaitNotice', () => {
  it('says the view is waiting for the Reporting Service once a request has waited a few seconds, and goes away when it answers', () => {
    vi.useFakeTimers();
    const { rerender } = renderWithProviders(<WaitNotice fetching failureCount={0} afterMs={3_000} />);
    expect(screen.queryByRole('status')).toBeNull(); // a quick answer shows nothing
    act(() => vi.advanceTimersByTime(3_000));
    const text = screen.getByRole('status').textContent;
    expect(text).toMatch(
      /waiting for the Reporting Service: it answers a limited number of requests a minute.*updates by itself/,
    );
    rerender(<WaitNotice fetching={false} failureCount={0} afterMs={3_000} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('names no sync or export when nothing is known to be queued', () => {
    vi.useFakeTimers();
    renderWithProviders(<WaitNotice fetching failureCount={0} afterMs={10} />);
    act(() => vi.advanceTimersByTime(10));
    expect(screen.getByRole('status').textContent).not.toMatch(/sync|export/);
  });

  it('names what is queued ahead when the server says so', () => {
    vi.useFakeTimers();
    renderWithProviders(<WaitNotice fetching failureCount={0} queuedBehind={['sync']} afterMs={10} />);
    act(() => vi.advanceTimersByTime(10));
    expect(screen.getByRole('status').textContent).toMatch(/a sync of this dashboard is ahead of this view/);
  });

  it('blames the connection to the dashboard, not the Reporting Service, while a request that never arrived is retried', () => {
    renderWithProviders(<WaitNotice fetching failureCount={1} />);
    const text = screen.getByRole('status').textContent ?? '';
    expect(text).toMatch(/Could not reach the dashboard.s server. Trying again/);
    expect(text).not.toMatch(/Reporting Service/);
  });
});

describe('error copy of a store outage', () => {
  it("says the dashboard's own store is down, not the Reporting Service", () => {
    const copy = errorCopy({ code: 'STORE_UNAVAILABLE', message: DASHBOARD_ERRORS.STORE_UNAVAILABLE.message });
    expect(copy.title).toBe("The dashboard's own store is unavailable");
    expect(copy.message).toMatch(/database or Redis.*the Reporting Service is not the problem/);
    expect(copy.retryable).toBe(true);
  });
});
