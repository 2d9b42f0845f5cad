import { addDays, dayCount } from '@/lib/time';
import { MIN_DATE } from '@/lib/time/dates';
import type { CostDay } from './types';

// The window a seller's input may be dated in (docs/ARCHITECTURE.md#your-costs), one rule for the
// form, the CSV import, the backup restore and the API. "Today" is the shop's, in its time zone.
// Costs are entered for days that happened, or a little ahead (a monthly tool billed next week, a
// new batch price from next month): a date more than a year ahead is a mistyped year, refused; one
// more than a month ahead is accepted with a warning. An expense may end later (a contract's end),
// but not more than five years ahead.

export const INPUT_DAYS = {
  earliest: MIN_DATE,
  /** A day (ad spend, an expense's start, a COGS entry's first day) at most this many days after today. */
  maxAhead: 365,
  /** Beyond this many days ahead, the day is accepted with a warning. */
  warnAhead: 31,
  /** An expense's end day at most this many days (five years) after today. */
  endMaxAhead: 1826,
} as const;

export type InputDayKind = 'day' | 'end';

export type InputDayCheck = { ok: true; warning: string | null } | { ok: false; message: string };

/** Whether `day` (a valid calendar date) may be entered today; the message names the limit. */
export function checkInputDay(day: CostDay, today: CostDay, kind: InputDayKind = 'day'): InputDayCheck {
  if (day < INPUT_DAYS.earliest) return { ok: false, message: `must be ${INPUT_DAYS.earliest} or later` };
  const ahead = day > today ? dayCount(today, day) - 1 : 0;
  const max = kind === 'end' ? INPUT_DAYS.endMaxAhead : INPUT_DAYS.maxAhead;
  if (ahead > max) {
    const span = kind === 'end' ? 'five years' : 'a year';
    return {
      ok: false,
      message: `${day} is more than ${span} after today (${today} in the shop's time zone): check the year (the latest day accepted is ${addDays(today, max)})`,
    };
  }
  if (kind === 'day' && ahead > INPUT_DAYS.warnAhead)
    return { ok: true, warning: `${day} is ${ahead} days after today (${today}): check the date` };
  return { ok: true, warning: null };
}

/** The warning a form shows under a date field as it is typed (nothing for an incomplete or refused day). */
export function dayWarning(day: string, today: CostDay, kind: InputDayKind = 'day'): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const check = checkInputDay(day, today, kind);
  return check.ok ? (check.warning ?? undefined) : undefined;
}
