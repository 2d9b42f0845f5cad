import { addDays, dayCount, shopDayEnd, shopDayStart, shopLocalDate, type DateString } from './dates';

// Date-range presets resolved in the shop's time zone. "Last 7 days" is local midnight six days
// ago to now (docs/ARCHITECTURE.md#time); a range that ends before today ends at 23:59:59 local.

export const RANGE_PRESET_IDS = [
  'today',
  'yesterday',
  'last-7-days',
  'last-30-days',
  'last-90-days',
  'this-month',
  'last-month',
  'year-to-date',
  'custom',
] as const;

export type RangePresetId = (typeof RANGE_PRESET_IDS)[number];

export const rangePresets: readonly { id: RangePresetId; label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: 'yesterday', label: 'Yesterday' },
  { id: 'last-7-days', label: 'Last 7 days' },
  { id: 'last-30-days', label: 'Last 30 days' },
  { id: 'last-90-days', label: 'Last 90 days' },
  { id: 'this-month', label: 'This month' },
  { id: 'last-month', label: 'Last month' },
  { id: 'year-to-date', label: 'Year to date' },
  { id: 'custom', label: 'Custom range' },
];

/** A preset, or a custom range of shop-local days (checked once, by lib/views/range.ts's rangeProblem). */
export type RangeInput = { preset: Exclude<RangePresetId, 'custom'> } | { from: string; to: string };

export interface ResolvedRange {
  preset: RangePresetId;
  timeZone: string;
  /** Shop-local calendar dates, inclusive. */
  from: string;
  to: string;
  /** Unix seconds, inclusive: what the upstream's startDate/endDate take. */
  startDate: number;
  endDate: number;
}

function presetDates(preset: Exclude<RangePresetId, 'custom'>, today: string): { from: string; to: string } {
  const [year, month] = today.split('-') as [string, string];
  const firstOfMonth = `${year}-${month}-01`;
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last-7-days':
      return { from: addDays(today, -6), to: today };
    case 'last-30-days':
      return { from: addDays(today, -29), to: today };
    case 'last-90-days':
      return { from: addDays(today, -89), to: today };
    case 'this-month':
      return { from: firstOfMonth, to: today };
    case 'last-month': {
      const lastOfPrevious = addDays(firstOfMonth, -1);
      return { from: `${lastOfPrevious.slice(0, 7)}-01`, to: lastOfPrevious };
    }
    case 'year-to-date':
      return { from: `${year}-01-01`, to: today };
  }
}

/** Resolves a preset or a custom range in `timeZone` at `now` (a Date or epoch milliseconds). */
export function resolveRange(input: RangeInput, timeZone: string, now: Date | number = Date.now()): ResolvedRange {
  const nowSeconds = Math.floor(Number(now) / 1000);
  const today = shopLocalDate(nowSeconds, timeZone);
  const preset: RangePresetId = 'preset' in input ? input.preset : 'custom';
  const { from, to } = 'preset' in input ? presetDates(input.preset, today) : input;
  if (from > to) throw new RangeError('the start date must not be after the end date');
  const startDate = shopDayStart(from, timeZone);
  // Ranges that reach today end now: the future holds no orders, and "now" keeps caches honest.
  const endDate = to >= today && from <= today ? nowSeconds : shopDayEnd(to, timeZone);
  return { preset, timeZone, from, to, startDate, endDate };
}

/** Shop-local calendar days, both included. */
export interface DayRange {
  from: DateString;
  to: DateString;
}

/**
 * The comparison period: as many days as `range`, ending the day before it starts. When `range`
 * reaches today the overview compares only the same elapsed span of it (docs/ARCHITECTURE.md#time).
 */
export function previousPeriod(range: DayRange): DayRange {
  const n = dayCount(range.from, range.to);
  return { from: addDays(range.from, -n), to: addDays(range.from, -1) };
}
