'use client';

import { createContext, useContext } from 'react';
import { ApiError } from '@/lib/api/api-error';
import type { ClosedMonthsChange } from '@/lib/reports/books-schemas';

// The browser's side of the warning before a closed month changes (docs/ARCHITECTURE.md#closing-a-month):
// a write the server refuses with CLOSED_MONTHS is shown to the person, who confirms it or not;
// confirmed, it is sent again naming the months, and what it booked is shown. One place for every
// write of the inputs (the mutation hook below uses it), so no form repeats it.

export interface ClosedMonthsPrompt {
  /** Shows the server's sentence and asks, `confirm` on the button that saves; true: save anyway. */
  ask: (error: ApiError, confirm: string) => Promise<boolean>;
  /** What the confirmed write changed in the closed months. */
  saved: (change: ClosedMonthsChange) => void;
}

export const ClosedMonthsContext = createContext<ClosedMonthsPrompt | null>(null);

const CONFIRM_CLOSED_MONTHS_HEADER = 'X-Confirm-Closed-Months';

/** What confirming an input's write does: its change to the closed months is booked in the first open month. */
const BOOK_AS_ADJUSTMENTS = 'Save and book as adjustments';

/**
 * Sends a write (`send(headers)`); refused for closed months, asks, and sends it again confirming
 * them. Declined: an error saying nothing was saved. Without a prompt on the page, the refusal is the
 * error. `confirm`: the words of the button that saves (an exchange rate books no adjustment).
 */
export function useClosedMonthsWrite(confirm = BOOK_AS_ADJUSTMENTS) {
  const prompt = useContext(ClosedMonthsContext);
  return async <T>(send: (headers?: Record<string, string>) => Promise<T>): Promise<T> => {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'CLOSED_MONTHS' || !prompt) throw error;
      if (!(await prompt.ask(error, confirm)))
        throw new ApiError({
          status: 409,
          code: 'CLOSED_MONTHS',
          message: 'Not saved: the closed months stay as they are.',
        });
      const result = await send({ [CONFIRM_CLOSED_MONTHS_HEADER]: error.closedMonths.join(',') });
      const change = (result as { closedMonths?: ClosedMonthsChange } | null)?.closedMonths;
      if (change) prompt.saved(change);
      return result;
    }
  };
}
