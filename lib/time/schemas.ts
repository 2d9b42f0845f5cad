import { z } from 'zod';
import { DATE_PATTERN, isCalendarDate, MAX_DATE, MIN_DATE } from './dates';
import { RANGE_PRESET_IDS } from './range';

// The zod schemas of lib/time, kept apart from the date arithmetic so that browser code using
// dates and ranges does not ship zod.

/** A real calendar day written 'YYYY-MM-DD' (e.g. rejects 2025-02-30). */
export const dateStringSchema = z
  .string()
  .regex(DATE_PATTERN, { error: 'must be a date written YYYY-MM-DD' })
  .refine(isCalendarDate, { error: 'is not a calendar date' })
  .refine((date) => date >= MIN_DATE && date <= MAX_DATE, {
    error: `must be between ${MIN_DATE} and ${MAX_DATE}`,
    abort: true,
  });

export const rangePresetIdSchema = z.enum(RANGE_PRESET_IDS);
