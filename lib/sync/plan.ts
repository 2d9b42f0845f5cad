import { type Day } from '@/lib/store/days';
import { addDays, dayCount, shopDayEnd, shopDayStart, eachShopDay, type DayRange, DAY_MS } from '@/lib/time';
import type { WindowPlan } from '@/lib/store/jobs';

// Which days need a sync, and the windows that fetch them. Pure: time comes in as arguments.

export interface FreshnessRules {
  /** Today (orders keep arriving) is read again when its last read is older than this. */
  todayStaleAfterMs: number;
  /**
   * A day is read once more after it ended plus this grace (orders created at 23:59 may be listed a
   * little later); until then it counts as today.
   */
  lateOrdersGraceMs: number;
  /**
   * A past day still holding unsettled or draft orders (their fees change at settlement) is read
   * again when its last read is older than this, within `unsettledReachDays` of today. The refresh
   * policy checks the unsettled window far more often with two count requests (lib/sync/refresh).
   */
  unsettledStaleAfterMs: number;
  unsettledReachDays: number;
  /** The days whose reads say how fresh a view is ("as of"): today and the ones before it. */
  recentDays: number;
}

export const DEFAULT_FRESHNESS: FreshnessRules = {
  todayStaleAfterMs: 15 * 60_000,
  lateOrdersGraceMs: 10 * 60_000,
  unsettledStaleAfterMs: 24 * 3_600_000,
  unsettledReachDays: 60,
  recentDays: 14,
};

/** Day-aligned windows stay under the spec's 366-day limit even across a DST change. */
export const MAX_WINDOW_DAYS = 365;

/**
 * Whether a day must be read (again): never read; today (or a day within its late-orders grace)
 * read longer ago than `todayStaleAfterMs`; a past day last read before its grace ended (once);
 * a day within `unsettledReachDays` still holding unsettled or draft orders read longer ago than
 * `unsettledStaleAfterMs`. A settled past day read after it ended is final (reconciliation checks
 * stored months now and then: lib/sync/reconcile).
 */
export function isStale(
  day: Day,
  timeZone: string,
  syncedAt: number | undefined,
  now: number,
  rules: FreshnessRules,
  hasUnsettled = false,
): boolean {
  if (syncedAt === undefined) return true;
  const settledReadAt = (shopDayEnd(day, timeZone) + 1) * 1000 + rules.lateOrdersGraceMs;
  if (now < settledReadAt) return syncedAt < now - rules.todayStaleAfterMs;
  if (syncedAt < settledReadAt) return true;
  if (!hasUnsettled || now - settledReadAt > rules.unsettledReachDays * DAY_MS) return false;
  return syncedAt < now - rules.unsettledStaleAfterMs;
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
  for (const day of eachShopDay(range.from, range.to)) {
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

/** Sizes of the windows cut from the end of a run: the latest week first, then a month, a quarter. */
const RECENT_FIRST_DAYS = [7, 23, 60];

/**
 * The runs cut into windows and ordered most recent first, so the days a seller looks at first
 * (the latest) are stored and covered first while an older year still syncs behind them. Each
 * window still reads its own days oldest first (stable pages while new orders arrive).
 */
export function recentFirst(runs: readonly DayRange[]): DayRange[] {
  const windows: DayRange[] = [];
  for (const run of runs) {
    let to = run.to;
    for (const size of RECENT_FIRST_DAYS) {
      if (dayCount(run.from, to) <= size) break;
      const from = addDays(to, -(size - 1));
      windows.push({ from, to });
      to = addDays(from, -1);
    }
    // What is left is at most MAX_WINDOW_DAYS long (staleRuns cut it so).
    windows.push({ from: run.from, to });
  }
  return windows.sort((a, b) => (a.to < b.to ? 1 : a.to > b.to ? -1 : 0));
}

export function windowPlan(run: DayRange, timeZone: string, passStartedAt: number): WindowPlan {
  return {
    fromDay: run.from,
    toDay: run.to,
    startTs: shopDayStart(run.from, timeZone),
    endTs: shopDayEnd(run.to, timeZone),
    nextPage: 1,
    totalPages: null,
    ordersStored: 0,
    passStartedAt,
    ordersDone: false,
    refundsDone: false,
    upstreamTotal: null,
    readAt: null,
    passes: 1,
  };
}

/** Days of a window, for coverage. */
export function windowDays(w: Pick<WindowPlan, 'fromDay' | 'toDay'>): Day[] {
  return eachShopDay(w.fromDay, w.toDay);
}

export { addDays };
