import { TZDate } from '@date-fns/tz';
import { cumulate, pickCumulative, type Rng } from './prng';

// The 400 shop-local days the data covers, and when in a day people shop: local daytime peaks,
// busier weekends, growth over the year and a late-November rush.

export const DEMO_DAYS = 400;

export interface DemoDay {
  index: number;
  /** Local midnight, Unix seconds. */
  start: number;
  /** The next local midnight (23 or 25 hours later on DST changes). */
  end: number;
  weekday: number;
  month: number;
  date: number;
}

export function demoDays(now: Date, timezone: string, count = DEMO_DAYS): DemoDay[] {
  const today = new TZDate(now.getTime(), timezone);
  const [y, m, d] = [today.getFullYear(), today.getMonth(), today.getDate()];
  const days: DemoDay[] = [];
  for (let index = 0; index < count; index++) {
    const offset = index - (count - 1);
    const start = new TZDate(y, m, d + offset, timezone);
    const next = new TZDate(y, m, d + offset + 1, timezone);
    days.push({
      index,
      start: Math.floor(start.getTime() / 1000),
      end: Math.floor(next.getTime() / 1000),
      weekday: start.getDay(),
      month: start.getMonth(),
      date: start.getDate(),
    });
  }
  return days;
}

const HOUR_WEIGHTS = [
  0.3, 0.2, 0.15, 0.1, 0.1, 0.15, 0.3, 0.6, 0.9, 1.1, 1.2, 1.3, 1.4, 1.3, 1.2, 1.1, 1.1, 1.2, 1.4, 1.6, 1.7, 1.5, 1.0,
  0.6,
];
const HOUR_CUMULATIVE = cumulate(HOUR_WEIGHTS);
const WEEKDAY_FACTOR = [1.2, 0.9, 0.92, 0.95, 1.0, 1.1, 1.25];

/** Share of a day's shoppers who have come by `secondOfDay`. */
function elapsedShare(secondOfDay: number): number {
  const hours = Math.min(24, secondOfDay / 3600);
  const whole = Math.floor(hours);
  const done = (HOUR_CUMULATIVE[whole - 1] ?? 0) + (HOUR_WEIGHTS[whole] ?? 0) * (hours - whole);
  return done / HOUR_CUMULATIVE[23]!;
}

/** Relative order volume of a day; the current day counts only the part already elapsed. */
export function dayWeight(day: DemoDay, count: number, nowSec: number, rng: Rng): number {
  const growth = 0.55 + 0.9 * (day.index / Math.max(1, count - 1));
  let seasonal = 1;
  if (day.month === 10 && day.date >= 24) seasonal = 2.1;
  else if (day.month === 11 && day.date <= 20) seasonal = 1.4;
  const noise = 0.85 + 0.3 * rng();
  const elapsed = nowSec >= day.end ? 1 : elapsedShare(Math.max(0, nowSec - day.start));
  return growth * WEEKDAY_FACTOR[day.weekday]! * seasonal * noise * elapsed;
}

/** A create time in the day, before `nowSec`, following the hourly pattern. */
export function sampleTime(rng: Rng, day: DemoDay, nowSec: number): number {
  const limit = Math.min(day.end, nowSec) - day.start;
  const hoursOpen = Math.max(1, Math.ceil(limit / 3600));
  const cumulative = hoursOpen >= 24 ? HOUR_CUMULATIVE : HOUR_CUMULATIVE.slice(0, hoursOpen);
  const hour = pickCumulative(rng, cumulative);
  const from = hour * 3600;
  const second = from + Math.floor(rng() * Math.max(1, Math.min(3600, limit - from)));
  return day.start + Math.min(second, limit - 1);
}
