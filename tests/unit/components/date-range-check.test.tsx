// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { DateRangePicker } from '@/components/date-range-picker/date-range-picker';
import { customRangeProblem, unreadableCustomRange } from '@/components/date-range-picker/custom-range-check';
import { renderWithProviders } from '../../support/render';

afterEach(cleanup);

// The header's picker stays mounted from page to page; the test moves it by changing the path.
let pathname = '/';
vi.mock('next/navigation', () => ({ usePathname: () => pathname }));

describe('customRangeProblem', () => {
  it('accepts an ordered range up to the longest a view may ask for', () => {
    expect(customRangeProblem('2025-01-01', '2026-11-20')).toBeNull();
    expect(customRangeProblem('2026-11-20', '2026-11-20')).toBeNull();
  });

  it('says what is wrong with a range the server would refuse', () => {
    expect(customRangeProblem('2026-11-10', '2026-11-01')).toMatch(/start day must be on or before the end day/);
    expect(customRangeProblem('1900-01-01', '2026-11-01')).toMatch(/at most 1,830 days/);
    expect(customRangeProblem('', '2026-11-01')).toMatch(/both/);
  });
});

describe('unreadableCustomRange', () => {
  it('flags a custom range whose days could not be parsed or are out of order', () => {
    expect(unreadableCustomRange({ range: 'custom', from: null, to: '2026-11-01' })).toBe(true);
    expect(unreadableCustomRange({ range: 'custom', from: '2026-11-10', to: '2026-11-01' })).toBe(true);
    expect(unreadableCustomRange({ range: 'custom', from: '2026-11-01', to: '2026-11-10' })).toBe(false);
    expect(unreadableCustomRange({ range: 'last-7-days', from: null, to: null })).toBe(false);
  });
});

describe('DateRangePicker with a broken link', () => {
  it('says the link dates could not be read and which range is shown instead', () => {
    // from=2026-13-45 is no calendar day: the URL parser drops it.
    renderWithProviders(<DateRangePicker timeZone="Europe/London" />, {
      searchParams: '?range=custom&from=2026-13-45&to=2026-11-01',
    });
    expect(screen.getByRole('status').textContent).toMatch(
      /dates in this link could not be read, so Last 30 days is shown/,
    );
  });

  it('does not apply a reversed range and says why', () => {
    const onUrlUpdate = vi.fn();
    renderWithProviders(<DateRangePicker timeZone="Europe/London" />, {
      searchParams: '?range=custom&from=2026-11-01&to=2026-11-10',
      onUrlUpdate,
    });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toMatch(/start day must be on or before the end day/);
    expect(onUrlUpdate).not.toHaveBeenCalled();
  });
});

describe('DateRangePicker across pages', () => {
  it('drops a custom range typed but not applied when the person opens another page', () => {
    pathname = '/orders';
    const view = renderWithProviders(<DateRangePicker timeZone="Europe/London" />);
    fireEvent.change(screen.getByLabelText('Date range'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-05' } });
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-01-05');
    pathname = '/sku-profit';
    view.rerender(<DateRangePicker timeZone="Europe/London" />);
    expect(screen.queryByLabelText('From')).toBeNull();
    expect((screen.getByLabelText('Date range') as HTMLSelectElement).value).toBe('last-30-days');
    pathname = '/';
  });
});
