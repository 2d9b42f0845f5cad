import { addDays, type Day, type DayRange } from './days';

// A range of days as whole calendar months plus the partial months at its ends, so a long
// range reads one monthly rollup row where it would read ~30 daily ones.

export interface MonthSplit {
  /** Partial months at the ends, read from the daily rollup. */
  days: DayRange[];
  /** Whole months `YYYY-MM`, inclusive, read from the monthly rollup; null when there are none. */
  months: { from: string; to: string } | null;
}

const monthOf = (day: Day) => day.slice(0, 7);
const firstOf = (month: string) => `${month}-01`;
const nextMonth = (month: string) => monthOf(addDays(firstOf(month), 32));
const lastOf = (month: string) => addDays(firstOf(nextMonth(month)), -1);

/**
 * Whole months are the months whose first and last day both lie in the range; every other day
 * is read from the daily rollup. Deciding per month (not by patching the ends) keeps every day in
 * exactly one part: a range from the 1st to mid-month has no whole month and one daily part.
 */
export function splitByMonths(range: DayRange): MonthSplit {
  const { from, to } = range;
  if (from > to) return { days: [], months: null };
  const firstWhole = from === firstOf(monthOf(from)) ? monthOf(from) : nextMonth(monthOf(from));
  let lastWhole = monthOf(to);
  if (to !== lastOf(lastWhole)) lastWhole = monthOf(addDays(firstOf(lastWhole), -1));
  if (firstWhole > lastWhole) return { days: [{ from, to }], months: null };
  const days: DayRange[] = [];
  if (from < firstOf(firstWhole)) days.push({ from, to: addDays(firstOf(firstWhole), -1) });
  if (to > lastOf(lastWhole)) days.push({ from: firstOf(nextMonth(lastWhole)), to });
  return { days, months: { from: firstWhole, to: lastWhole } };
}
