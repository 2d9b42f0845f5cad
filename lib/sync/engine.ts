import { randomUUID } from 'node:crypto';
import type { DayRange } from '@/lib/store/days';
import { dayCount, localDay } from '@/lib/store/days';
import type { SyncJob } from '@/lib/store/jobs';
import type { OrderStore } from '@/lib/store/order-store';
import { lastSyncedAt } from '@/lib/store/reads';
import type { UpstreamClient } from '@/lib/upstream/types';
import { MemoryLock, type SyncLock } from './lock';
import { clampToToday, DEFAULT_FRESHNESS, isStale, staleRuns, windowPlan, type FreshnessRules } from './plan';
import { progressOf, RequestMeter, type RangeCoverage, type SyncProgress } from './progress';
import { runJob, type ShopRef } from './runner';

// The sync engine: plans which days of a range are missing or stale, runs one job per shop at a
// time (a lock), resumes an interrupted job from its checkpoint, and reports progress. Starting a
// sync never blocks the caller: ensure() returns the progress at once.

export interface SyncEngineOptions {
  store: OrderStore;
  client: UpstreamClient;
  lock?: SyncLock;
  now?: () => number;
  freshness?: FreshnessRules;
  prefetch?: number;
  retries?: number;
  retryDelayMs?: number;
  /** The budget per minute, for the ETA before any request was measured. */
  budgetPerMinute?: number;
  onError?: (shopId: string, error: unknown) => void;
}

const FAILED_RETRY_AFTER_MS = 30_000;

/** A page polls every few seconds while a run is busy: each range is planned again once, not once per poll. */
function queue(run: LiveRun, range: DayRange): void {
  if (!run.pending.some((r) => r.from === range.from && r.to === range.to)) run.pending.push(range);
}

interface LiveRun {
  meter: RequestMeter;
  abort: AbortController;
  done: Promise<void>;
  /** Ranges asked for while this run was busy; planned again when it ends. */
  pending: DayRange[];
}

export class SyncEngine {
  private readonly live = new Map<string, LiveRun>();
  private readonly lock: SyncLock;
  private readonly now: () => number;
  private readonly freshness: FreshnessRules;

  constructor(private readonly options: SyncEngineOptions) {
    this.lock = options.lock ?? new MemoryLock();
    this.now = options.now ?? Date.now;
    this.freshness = options.freshness ?? DEFAULT_FRESHNESS;
  }

  /** Starts (or resumes) syncing the range's missing and stale days in the background. */
  async ensure(shop: ShopRef, range: DayRange): Promise<SyncProgress> {
    let run = this.live.get(shop.id);
    if (run) queue(run, range);
    else if (await this.needsSync(shop, range)) {
      // Another caller may have started a run while this one looked at the coverage.
      run = this.live.get(shop.id);
      if (run) queue(run, range);
      else this.start(shop, [range]);
    }
    return this.progress(shop.id);
  }

  /**
   * True when every day of the range is synced and fresh by the freshness rules: nothing to
   * re-sync, so the store answers for the range exactly as the upstream would (up to staleAfterMs).
   */
  async isFresh(shop: ShopRef, range: DayRange): Promise<boolean> {
    return (await this.plan(shop, range)) === null;
  }

  /** True when the range has missing or stale days, or an earlier job was left unfinished. */
  private async needsSync(shop: ShopRef, range: DayRange): Promise<boolean> {
    const job = await this.options.store.loadJob(shop.id);
    // A failed job is retried on a later request, not on every poll of a page that shows the error.
    if (job?.state === 'failed' && this.now() - job.updatedAt < FAILED_RETRY_AFTER_MS) return false;
    if (job && job.state !== 'done') return true;
    return (await this.plan(shop, range)) !== null;
  }

  /** Syncs the range and resolves when it is done (tests, benchmarks, scripts). */
  async sync(shop: ShopRef, range: DayRange): Promise<SyncProgress> {
    await this.ensure(shop, range);
    await this.idle(shop.id);
    const progress = await this.progress(shop.id);
    if (progress.state === 'failed') throw new Error(progress.error ?? 'sync failed');
    return progress;
  }

  /** Resolves when no run of this shop is live in this process. */
  async idle(shopId: string): Promise<void> {
    for (let run = this.live.get(shopId); run; run = this.live.get(shopId)) await run.done;
  }

  async progress(shopId: string): Promise<SyncProgress> {
    const [job, last] = await Promise.all([this.options.store.loadJob(shopId), lastSyncedAt(this.options.store.db, shopId)]);
    const run = this.live.get(shopId);
    return progressOf(shopId, job, {
      running: run !== undefined,
      requestsPerMinute: run?.meter.perMinute() ?? 0,
      fallbackPerMinute: this.options.budgetPerMinute ?? 60,
    }, last);
  }

  async coverage(shop: ShopRef, range: DayRange): Promise<RangeCoverage> {
    const clamped = clampToToday(range, localDay(Math.floor(this.now() / 1000), shop.timezone));
    if (!clamped) return { ...range, daysTotal: 0, daysSynced: 0, complete: true };
    const covered = await this.options.store.coverage(shop.id, clamped.from, clamped.to);
    const daysTotal = dayCount(clamped.from, clamped.to);
    return { ...range, daysTotal, daysSynced: covered.size, complete: covered.size >= daysTotal };
  }

  /** Shops that were synced before, with the time zone their days were planned in. */
  async knownShops(): Promise<ShopRef[]> {
    return this.options.store.knownShops();
  }

  /** Stops every live run as a crash would (the checkpoint stays; a later run resumes it). */
  async stop(): Promise<void> {
    const runs = [...this.live.values()];
    for (const run of runs) run.abort.abort(new Error('sync stopped'));
    await Promise.allSettled(runs.map((r) => r.done));
  }

  private start(shop: ShopRef, ranges: DayRange[]): void {
    const run: LiveRun = { meter: new RequestMeter(this.now), abort: new AbortController(), done: Promise.resolve(), pending: [] };
    this.live.set(shop.id, run);
    run.done = this.execute(shop, ranges, run)
      .catch((error: unknown) => this.options.onError?.(shop.id, error))
      .finally(() => {
        this.live.delete(shop.id);
        if (run.pending.length > 0 && !run.abort.signal.aborted) this.start(shop, run.pending);
      });
  }

  private async execute(shop: ShopRef, ranges: DayRange[], run: LiveRun): Promise<void> {
    const release = await this.lock.tryAcquire(shop.id);
    if (!release) return; // another instance is syncing this shop; its checkpoint shows progress
    try {
      const previous = await this.options.store.loadJob(shop.id);
      if (previous && previous.state !== 'done') await this.runTracked(shop, previous, run);
      for (const range of ranges) {
        const job = await this.plan(shop, range);
        if (job) await this.runTracked(shop, job, run);
      }
    } finally {
      await release();
    }
  }

  private async plan(shop: ShopRef, range: DayRange): Promise<SyncJob | null> {
    const now = this.now();
    const clamped = clampToToday(range, localDay(Math.floor(now / 1000), shop.timezone));
    if (!clamped) return null;
    const covered = await this.options.store.coverage(shop.id, clamped.from, clamped.to);
    const runs = staleRuns(clamped, (day) => isStale(day, shop.timezone, covered.get(day), now, this.freshness));
    if (runs.length === 0) return null;
    return {
      shopId: shop.id,
      jobId: randomUUID(),
      state: 'running',
      plan: { timeZone: shop.timezone, from: clamped.from, to: clamped.to, catalogDone: false, windows: runs.map((r) => windowPlan(r, shop.timezone, now)) },
      startedAt: now,
      updatedAt: now,
      finishedAt: null,
      error: null,
    };
  }

  private async runTracked(shop: ShopRef, job: SyncJob, run: LiveRun): Promise<void> {
    job.state = 'running';
    job.error = null;
    await this.options.store.saveJob(job);
    const ctx = {
      store: this.options.store,
      client: this.options.client,
      shop,
      now: this.now,
      meter: run.meter,
      prefetch: this.options.prefetch ?? 3,
      retries: this.options.retries ?? 5,
      retryDelayMs: this.options.retryDelayMs ?? 1_000,
      signal: run.abort.signal,
    };
    try {
      await runJob(ctx, job);
      job.state = 'done';
      job.finishedAt = this.now();
    } catch (error) {
      if (run.abort.signal.aborted) throw error; // a stop is a crash: leave the checkpoint as it is
      job.state = 'failed';
      job.error = error instanceof Error ? error.message : String(error);
    }
    job.updatedAt = this.now();
    await this.options.store.saveJob(job);
    if (job.state === 'failed') throw new Error(job.error ?? 'sync failed');
  }
}
