import { MAX_VIEW_RANGE_DAYS } from '@/lib/api/view-defaults';
import { dayCount } from '@/lib/time/dates';
import type { FrameState } from '@/lib/url-state';

// What the date picker tells a seller before asking the server: a custom range the API would
// refuse, and a link whose custom dates could not be read (the pages then show the default range).

/** Why a custom range cannot be applied, or null when it can. Days are `YYYY-MM-DD`. */
export function customRangeProblem(from: string, to: string): string | null {
  if (!from || !to) return 'Pick both a start and an end day.';
  if (from > to) return 'The start day must be on or before the end day.';
  if (dayCount(from, to) > MAX_VIEW_RANGE_DAYS)
    return `A range may span at most ${MAX_VIEW_RANGE_DAYS.toLocaleString('en-US')} days (about 5 years).`;
  return null;
}

/** The URL asks for a custom range but its days are missing, not calendar days, or out of order. */
export function unreadableCustomRange(frame: Pick<FrameState, 'range' | 'from' | 'to'>): boolean {
  return frame.range === 'custom' && !(frame.from && frame.to && frame.from <= frame.to);
}
