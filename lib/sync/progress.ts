import { addDays, dayCount, type DayRange } from '@/lib/time';
import type { ReadReason, SyncJob, SyncState } from '@/lib/store/jobs';
import type { Mismatch } from './reconcile';

// What the UI shows about a sync: pages done and left, orders stored, requests per minute, ETA.
// Everything comes from the job saved in the store (shared by every app instance), so two
// instances show the same figures; the ETA comes from the budget and the pages left, so it is steady.

export interface SyncProgress {
  shopId: string;
  /** idle: nothing was ever synced; running: pages are being fetched now. */
  state: 'idle' | SyncState;
  /** True while this process (or another instance, per the saved job) is fetching. */
  running: boolean;
  range: DayRange | null;
  /** Why the job reads its range (lib/store/jobs READ_REASONS), for the bar to say; null before a job. */
  why: ReadReason | null;
  pagesDone: number;
  pagesTotal: number;
  /** False until every window's first page told its page count (the total is then an estimate). */
  pagesTotalKnown: boolean;
  ordersStored: number;
  requestsPerMinute: number;
  etaSeconds: number | null;
  startedAt: number | null;
  finishedAt: number | null;
  /** When the shop's most recently read data was read (ms); a range's own time is in its coverage. */
  lastSyncedAt: number | null;
  /** Why the last run stopped, in words a seller can act on (never a library message). */
  error: string | null;
  /** After a failed run: when it is tried again by itself (ms); a person may retry at once. */
  retryAt?: number | null;
  /** Checks that found stored days disagreeing with the upstream (and re-read them), in words. */
  notices?: string[];
}

export interface RangeCoverage {
  from: string;
  to: string;
  daysTotal: number;
  daysStored: number;
  /** Every day of the range (up to today) has been synced at least once. */
  complete: boolean;
  /**
   * When the range's data was read (ms): the oldest read among its stored days that can still
   * change (the recent ones), or among all of them for a range of settled days; null before any.
   */
  syncedAt: number | null;
  /** When today's orders were last read (ms), when today is in the range and stored; else null. */
  todayReadAt: number | null;
  /** The newest read among the range's stored days (ms): what "Figures as of" says. */
  latestReadAt: number | null;
}

/**
 * When a range's stored days were read: the newest read (what the figures are as of), today's
 * (refreshed every few minutes) and the oldest among the recent days that can still change
 * (`syncedAt`; a range of settled days only, its oldest read), so a page can say each part's time
 * when they differ instead of the oldest as the figures' time.
 */
export function readTimes(
  covered: ReadonlyMap<string, number>,
  today: string,
  recentDays: number,
): Pick<RangeCoverage, 'syncedAt' | 'todayReadAt' | 'latestReadAt'> {
  const recentFrom = addDays(today, -(recentDays - 1));
  const recent = [...covered].filter(([day]) => day >= recentFrom).map(([, at]) => at);
  const reads = recent.length > 0 ? recent : [...covered.values()];
  const all = [...covered.values()];
  return {
    syncedAt: reads.length > 0 ? Math.min(...reads) : null,
    todayReadAt: covered.get(today) ?? null,
    latestReadAt: all.length > 0 ? Math.max(...all) : null,
  };
}

/** Requests per minute from the job's saved request times (the same on every instance). */
export function rateOf(requestTimes: readonly number[], now: number): number {
  const recent = requestTimes.filter((t) => t >= now - 60_000);
  if (recent.length < 2) return recent.length;
  // Over the observed span when the run is younger than a minute (not "2 requests/min" after 10 s).
  const span = Math.max(now - recent[0]!, 1_000);
  return (recent.length * 60_000) / Math.min(span, 60_000);
}

/** At least this many requests over at least this long before an ETA is shown ("estimating…" until then). */
const ETA_MIN_REQUESTS = 10;
const ETA_MIN_SPAN_MS = 15_000;

/**
 * Seconds left at the rate this sync really gets: its own requests over the last (up to 60) of
 * them, so the share the budget leaves it (clicks, the refresh policy, other instances' syncs) is
 * in the rate, and prefetch bursts average out. Null until enough requests were measured: an ETA
 * from the budget alone promised a third of the time the sync then took.
 */
export function etaOf(pagesLeft: number, requestTimes: readonly number[]): number | null {
  if (pagesLeft === 0) return 0;
  if (requestTimes.length < ETA_MIN_REQUESTS) return null;
  const span = requestTimes.at(-1)! - requestTimes[0]!;
  if (span < ETA_MIN_SPAN_MS) return null;
  const perMs = (requestTimes.length - 1) / span;
  return Math.ceil(pagesLeft / perMs / 1000);
}

export function progressOf(
  shopId: string,
  job: SyncJob | undefined,
  live: { running: boolean; budgetPerMinute: number; now: number; starting?: boolean },
  lastSyncedAt: number | null,
): SyncProgress {
  if (!job || live.starting) {
    // A run that is starting has no job of its own yet: never show the previous job's counts.
    return {
      shopId,
      state: live.starting ? 'running' : 'idle',
      running: live.running,
      range: null,
      why: null,
      pagesDone: 0,
      pagesTotal: 0,
      pagesTotalKnown: false,
      ordersStored: 0,
      requestsPerMinute: 0,
      etaSeconds: null,
      startedAt: null,
      finishedAt: null,
      lastSyncedAt,
      error: null,
    };
  }
  let pagesDone = 0;
  let knownPages = 0;
  let knownDays = 0;
  let known = true;
  let ordersStored = 0;
  for (const w of job.plan.windows) {
    const done = w.ordersDone ? Math.max(w.totalPages ?? 0, w.nextPage - 1) : w.nextPage - 1;
    pagesDone += done + (w.refundsDone ? 1 : 0);
    if (w.totalPages !== null) {
      knownPages += w.totalPages;
      knownDays += dayCount(w.fromDay, w.toDay);
    }
    ordersStored += w.ordersStored;
  }
  // Windows not reached yet are estimated at the page density of the ones already counted.
  const density = knownDays > 0 ? knownPages / knownDays : 0;
  let pagesTotal = 0;
  for (const w of job.plan.windows) {
    const done = w.ordersDone ? Math.max(w.totalPages ?? 0, w.nextPage - 1) : w.nextPage - 1;
    if (w.totalPages === null) known = false;
    const pages = w.totalPages ?? Math.max(1, Math.ceil(dayCount(w.fromDay, w.toDay) * density));
    pagesTotal += Math.max(pages, done) + 1;
  }
  const left = Math.max(0, pagesTotal - pagesDone);
  const running = live.running || job.state === 'running';
  const measured = Math.min(rateOf(job.plan.requestTimes, live.now), live.budgetPerMinute);
  return {
    shopId,
    state: job.state,
    running,
    range: { from: job.plan.from, to: job.plan.to },
    why: job.plan.why,
    pagesDone,
    pagesTotal,
    pagesTotalKnown: known,
    ordersStored,
    requestsPerMinute: running ? Math.round(measured * 10) / 10 : 0,
    etaSeconds: job.state === 'done' ? 0 : etaOf(left, job.plan.requestTimes),
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
    lastSyncedAt,
    error: job.error,
  };
}

/** A running sync whose requests have had no answer this long says the upstream is not responding. */
const NOT_RESPONDING_NOTICE_MS = 15_000;

/**
 * What the seller is told beside the progress: the upstream has not answered for a while
 * (`unansweredForMs`, null when no run is live), and months whose stored orders did not add up.
 */
export function progressNotices(
  unansweredForMs: number | null,
  mismatches: readonly Pick<Mismatch, 'month' | 'stored' | 'upstream'>[],
): string[] {
  const notices: string[] = [];
  if (unansweredForMs !== null && unansweredForMs >= NOT_RESPONDING_NOTICE_MS)
    notices.push(
      `The Reporting Service is not responding: no answer for ${Math.round(unansweredForMs / 1000)} s. The sync keeps trying and resumes where it stopped; the figures below are as of their last read.`,
    );
  for (const m of mismatches)
    notices.push(
      `Orders of ${m.month} did not add up (${m.stored} stored, ${m.upstream} counted by the Reporting Service): those days are read again.`,
    );
  return notices;
}
