import { addDays, dayCount, eachShopDay, shopDayEnd, shopDayStart, shopLocalDate, type DayRange } from '@/lib/time';

// Shop-local calendar days as `YYYY-MM-DD` strings (they sort and compare as text, and they are
// what a seller picks). Conversions to Unix seconds come from lib/time, the one place for them.

export type Day = string;

export type { DayRange };
export {
  addDays,
  dayCount,
  eachShopDay as eachDay,
  shopDayEnd as dayEndUnix,
  shopDayStart as dayStartUnix,
  shopLocalDate as localDay,
};

/**
 * The earliest Unix second an order of local `day` can have in any time zone: the day's start at
 * UTC+14. A lower bound for reads by creation time, so a day's read costs that day's orders, not
 * every order before it.
 */
export function earliestStartOf(day: Day): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000 - 14 * 3600;
}
