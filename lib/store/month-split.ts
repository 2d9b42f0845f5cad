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
const previousMonth = (month: string) => monthOf(addDays(firstOf(month), -1));
const lastOf = (month: string) => addDays(firstOf(nextMonth(month)), -1);

export function splitByMonths(range: DayRange): MonthSplit {
  const { from, to } = range;
  const days: DayRange[] = [];
  let first = monthOf(from);
  if (from !== firstOf(first)) {
    const headEnd = lastOf(first) < to ? lastOf(first) : to;
    days.push({ from, to: headEnd });
    first = nextMonth(first);
  }
  let last = monthOf(to);
  if (to !== lastOf(last) && firstOf(last) > from) {
    days.push({ from: firstOf(last), to });
    last = previousMonth(last);
  } else if (to !== lastOf(last)) {
    last = previousMonth(last); // the head already covered this month's days
  }
  return { days, months: first <= last ? { from: first, to: last } : null };
}
