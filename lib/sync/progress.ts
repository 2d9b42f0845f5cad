import type { DayRange } from '@/lib/store/days';
import type { SyncJob, SyncState } from '@/lib/store/jobs';

// What the UI shows about a sync: pages done and left, orders stored, requests per minute, ETA,
// and when the shop's data was last synced.

export interface SyncProgress {
  shopId: string;
  /** idle: nothing was ever synced; running: pages are being fetched now. */
  state: 'idle' | SyncState;
  /** True while this process (or another instance, per the lock) is fetching. */
  running: boolean;
  range: DayRange | null;
  pagesDone: number;
  pagesTotal: number;
  /** False until every window's first page told its page count. */
  pagesTotalKnown: boolean;
  ordersStored: number;
  requestsPerMinute: number;
  etaSeconds: number | null;
  startedAt: number | null;
  finishedAt: number | null;
  lastSyncedAt: number | null;
  error: string | null;
}

export interface RangeCoverage {
  from: string;
  to: string;
  daysTotal: number;
  daysSynced: number;
  /** Every day of the range (up to today) has been synced at least once. */
  complete: boolean;
}

/** Requests completed in the last minute, per shop's live run. */
export class RequestMeter {
  private readonly times: number[] = [];
  constructor(private readonly now: () => number) {}

  mark(): void {
    this.times.push(this.now());
  }

  perMinute(): number {
    const cutoff = this.now() - 60_000;
    while (this.times.length > 0 && this.times[0]! < cutoff) this.times.shift();
    if (this.times.length < 2) return this.times.length;
    // Over the observed span when the run is younger than a minute: counting only the requests
    // made so far would say "2 requests/min" ten seconds into a run and promise an ETA of minutes.
    // Callers cap the rate at the budget (a burst of prefetched pages is not a sustained rate).
    const span = Math.max(this.now() - this.times[0]!, 1_000);
    return (this.times.length * 60_000) / Math.min(span, 60_000);
  }
}

export function progressOf(
  shopId: string,
  job: SyncJob | undefined,
  live: { running: boolean; requestsPerMinute: number; fallbackPerMinute: number },
  lastSyncedAt: number | null,
): SyncProgress {
  if (!job) {
    return { shopId, state: 'idle', running: live.running, range: null, pagesDone: 0, pagesTotal: 0, pagesTotalKnown: false,
      ordersStored: 0, requestsPerMinute: 0, etaSeconds: null, startedAt: null, finishedAt: null, lastSyncedAt, error: null };
  }
  let pagesDone = 0;
  let pagesTotal = 0;
  let known = true;
  let ordersStored = 0;
  for (const w of job.plan.windows) {
    const done = w.ordersDone ? Math.max(w.totalPages ?? 0, w.nextPage - 1) : w.nextPage - 1;
    pagesDone += done + (w.refundsDone ? 1 : 0);
    if (w.totalPages === null) known = false;
    pagesTotal += Math.max(w.totalPages ?? 1, done) + 1;
    ordersStored += w.ordersStored;
  }
  const left = Math.max(0, pagesTotal - pagesDone);
  // The budget is the ceiling of any sustained rate, and the best guess before one is measured.
  const measured = Math.min(live.requestsPerMinute, live.fallbackPerMinute);
  const rate = measured >= 1 ? measured : live.fallbackPerMinute;
  const running = live.running || job.state === 'running';
  return {
    shopId,
    state: job.state,
    running,
    range: { from: job.plan.from, to: job.plan.to },
    pagesDone,
    pagesTotal,
    pagesTotalKnown: known,
    ordersStored,
    requestsPerMinute: Math.round(measured * 10) / 10,
    etaSeconds: job.state === 'done' ? 0 : rate > 0 ? Math.ceil((left / rate) * 60) : null,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
    lastSyncedAt,
    error: job.error,
  };
}
