import { addDays, eachShopDay, shopDayEnd, shopDayStart, shopLocalDate } from '@/lib/time';

// Shop-local calendar days as `YYYY-MM-DD` strings (they sort and compare as text, and they are
// what a seller picks). Conversions to Unix seconds come from lib/time, the one place for them.

export type Day = string;

export interface DayRange {
  from: Day;
  to: Day;
}

export { addDays, eachShopDay as eachDay, shopDayEnd as dayEndUnix, shopDayStart as dayStartUnix, shopLocalDate as localDay };

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function dayCount(from: Day, to: Day): number {
  return Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1);
}

/** The period of the same number of days that ends the day before `range` starts. */
export function previousDayRange(range: DayRange): DayRange {
  const n = dayCount(range.from, range.to);
  return { from: addDays(range.from, -n), to: addDays(range.from, -1) };
}
