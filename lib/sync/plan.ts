import { addDays, dayCount, dayEndUnix, dayStartUnix, eachDay, type Day, type DayRange } from '@/lib/store/days';
import type { WindowPlan } from '@/lib/store/jobs';

// Which days need a sync, and the windows that fetch them. Pure: time comes in as arguments.

export interface FreshnessRules {
  /** Days whose orders may still change (unsettled orders settle): re-synced while this recent. */
  recentDays: number;
  /** A recent day synced longer ago than this is synced again. */
  staleAfterMs: number;
}

export const DEFAULT_FRESHNESS: FreshnessRules = { recentDays: 14, staleAfterMs: 15 * 60_000 };

const DAY_MS = 86_400_000;
/** Day-aligned windows stay under the spec's 366-day limit even across a DST change. */
export const MAX_WINDOW_DAYS = 365;

/**
 * A day is trusted once it was synced `recentDays` after it ended (its orders have settled);
 * until then a sync older than `staleAfterMs` is stale. A day never synced is stale.
 */
export function isStale(day: Day, timeZone: string, syncedAt: number | undefined, now: number, rules: FreshnessRules): boolean {
  if (syncedAt === undefined) return true;
  const settledAt = (dayEndUnix(day, timeZone) + 1) * 1000 + rules.recentDays * DAY_MS;
  return syncedAt < Math.min(now - rules.staleAfterMs, settledAt);
}

/** The range with its end clamped to `today` (the future holds no orders); null when empty. */
export function clampToToday(range: DayRange, today: Day): DayRange | null {
  const to = range.to > today ? today : range.to;
  return range.from > to ? null : { from: range.from, to };
}

/** Runs of consecutive stale days, each cut into windows of at most MAX_WINDOW_DAYS. */
export function staleRuns(range: DayRange, isDayStale: (day: Day) => boolean): DayRange[] {
  const runs: DayRange[] = [];
  let start: Day | null = null;
  let previous: Day | null = null;
  for (const day of eachDay(range.from, range.to)) {
    if (isDayStale(day)) {
      if (start === null || dayCount(start, day) > MAX_WINDOW_DAYS) {
        if (start !== null && previous !== null) runs.push({ from: start, to: previous });
        start = day;
      }
      previous = day;
    } else if (start !== null && previous !== null) {
      runs.push({ from: start, to: previous });
      start = null;
    }
  }
  if (start !== null && previous !== null) runs.push({ from: start, to: previous });
  return runs;
}

export function windowPlan(run: DayRange, timeZone: string, passStartedAt: number): WindowPlan {
  return {
    fromDay: run.from,
    toDay: run.to,
    startTs: dayStartUnix(run.from, timeZone),
    endTs: dayEndUnix(run.to, timeZone),
    nextPage: 1,
    totalPages: null,
    ordersStored: 0,
    passStartedAt,
    ordersDone: false,
    refundsDone: false,
  };
}

/** Days of a window, for coverage. */
export function windowDays(w: Pick<WindowPlan, 'fromDay' | 'toDay'>): Day[] {
  return eachDay(w.fromDay, w.toDay);
}

export { addDays };
