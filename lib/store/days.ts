// Shop-local calendar days as `YYYY-MM-DD` strings (they sort and compare as text, and they are
// what a seller picks). Conversions to Unix seconds are lib/time's, imported from there directly.

export type Day = string;

/**
 * The earliest Unix second an order of local `day` can have in any time zone: the day's start at
 * UTC+14. A lower bound for reads by creation time, so a day's read costs that day's orders, not
 * every order before it.
 */
export function earliestStartOf(day: Day): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000 - 14 * 3600;
}
