// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { ClosedMonthsContext, useClosedMonthsWrite, type ClosedMonthsPrompt } from '@/lib/queries/closed-months';
import type { ClosedMonthsChange } from '@/lib/reports/books-schemas';

// A write the server refuses for closed months asks the person before anything is saved; confirmed,
// it is sent again naming exactly the months the server named, and what it booked is shown;
// declined, nothing is sent again and the error says nothing was saved.

const refusal = new ApiError({
  status: 409,
  code: 'CLOSED_MONTHS',
  message: 'This change falls in closed month Oct 2026. …',
  closedMonths: ['2026-10'],
});
const change: ClosedMonthsChange = {
  months: ['2026-10'],
  firstOpen: '2026-11',
  cents: -12345,
  items: 1,
  journalsOnly: false,
  message:
    'It changed closed Oct 2026 by -$123.45 (1 adjustment), booked in Nov 2026 as adjustments to closed periods.',
};

function setUp(answer: boolean) {
  const prompt: ClosedMonthsPrompt = { ask: vi.fn(async () => answer), saved: vi.fn() };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ClosedMonthsContext.Provider value={prompt}>{children}</ClosedMonthsContext.Provider>
  );
  const { result } = renderHook(() => useClosedMonthsWrite(), { wrapper });
  const send = vi.fn(async (headers?: Record<string, string>) => {
    if (!headers) throw refusal;
    return { audit: {}, closedMonths: change };
  });
  return { prompt, write: result.current, send };
}

describe('a write into a closed month, in the browser', () => {
  it('asks first, then sends again naming the months, and shows what it booked', async () => {
    const { prompt, write, send } = setUp(true);
    let answer: unknown;
    await act(async () => {
      answer = await write(send);
    });
    expect(prompt.ask).toHaveBeenCalledWith(refusal, 'Save and book as adjustments');
    expect(send.mock.calls).toEqual([[], [{ 'X-Confirm-Closed-Months': '2026-10' }]]);
    expect(prompt.saved).toHaveBeenCalledWith(change);
    expect(answer).toMatchObject({ closedMonths: change });
  });

  it('declined, sends nothing more and says nothing was saved', async () => {
    const { prompt, write, send } = setUp(false);
    await act(async () => {
      await expect(write(send)).rejects.toThrow('Not saved: the closed months stay as they are.');
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect(prompt.saved).not.toHaveBeenCalled();
  });
});
