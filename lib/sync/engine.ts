import { addDays, dayCount, shopLocalDate, type DayRange } from '@/lib/time';
import type { Day } from '@/lib/store/days';
import type { ReadReason } from '@/lib/store/jobs';
import type { OrderStore } from '@/lib/store/order-store';
import { lastSyncedAt } from '@/lib/store/reads';
import { sellerMessage } from './errors';
import { recentMismatches, reconcile, type Mismatch, type ReconcileOptions } from './reconcile';
import type { UpstreamClient } from '@/lib/upstream/types';
import { MemoryLock, type SyncLock } from './lock';
import { clampToToday, DEFAULT_FRESHNESS, type FreshnessRules } from './plan';
import { progressNotices, progressOf, readTimes, type RangeCoverage, type SyncProgress } from './progress';
import { runTracked, type RunContext, type ShopRef } from './runner';
import { findSettledDays, type SettlementCheck } from './settlement-check';
import { planJob, queue, type Wanted } from './wanted';

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
  /** How often a short page is asked for again within a run (default 3). */
  shortPageRetries?: number;
  /** The budget per minute, for the ETA before any request was measured. */
  budgetPerMinute?: number;
  onError?: (shopId: string, error: unknown) => void;
  /** After a run that ended without an error (the store holds what it read): alerts evaluate then. */
  onSynced?: (shop: ShopRef) => void;
}

const FAILED_RETRY_AFTER_MS = 30_000;

interface LiveRun {
  /** True until the run saved a job of its own (progress must not show the previous job's). */
  starting: boolean;
  abort: AbortController;
  done: Promise<void>;
  /** Ranges asked for while this run was busy; planned again when it ends. */
  pending: Wanted[];
}

export class SyncEngine {
  /** Bound: one run per shop at a time (it leaves when the run ends). */
  private readonly live = new Map<string, LiveRun>();
  /** Bound: one per shop, its last failure (cleared when its next run starts). */
  private readonly failures = new Map<string, { message: string; at: number }>();
  private readonly lock: SyncLock;
  private readonly now: () => number;
  private readonly freshness: FreshnessRules;

  constructor(private readonly options: SyncEngineOptions) {
    this.lock = options.lock ?? new MemoryLock();
    this.now = options.now ?? Date.now;
    this.freshness = options.freshness ?? DEFAULT_FRESHNESS;
  }

  /**
   * Starts (or resumes) syncing the range's missing and stale days in the background. `rules`
   * tighten the freshness for this call (the refresh policy reads a viewed shop's today more often);
   * `retry` honours a person's "Retry now" at once after a failed run, instead of after a pause.
   */
  async ensure(
    shop: ShopRef,
    range: DayRange,
    options: { rules?: Partial<FreshnessRules>; retry?: boolean; force?: Day[]; why?: ReadReason } = {},
  ): Promise<SyncProgress> {
    const rules = { ...this.freshness, ...options.rules };
    const wanted: Wanted = { range, why: options.why ?? 'range', rules, force: new Set(options.force) };
    let run = this.live.get(shop.id);
    if (run) queue(run.pending, wanted);
    else if (await this.needsSync(shop, wanted, options.retry ?? false)) {
      // Another caller may have started a run while this one looked at the coverage.
      run = this.live.get(shop.id);
      if (run) queue(run.pending, wanted);
      else this.start(shop, [wanted]);
    }
    return this.progress(shop.id);
  }

  /** True when the range has missing or stale days, or an earlier job was left unfinished. */
  private async needsSync(shop: ShopRef, wanted: Wanted, retry: boolean): Promise<boolean> {
    const job = await this.options.store.loadJob(shop.id);
    // A failed job is retried on a later request, not on every poll of a page that shows the error,
    // unless a person asks for it now.
    if (job?.state === 'failed' && !retry && this.now() - job.updatedAt < FAILED_RETRY_AFTER_MS) return false;
    if (job && job.state !== 'done') return true;
    return (await planJob(this.options.store, shop, wanted, this.now())) !== null;
  }

  /** Syncs the range and resolves when it is done (tests, benchmarks, scripts). */
  async sync(shop: ShopRef, range: DayRange): Promise<SyncProgress> {
    await this.ensure(shop, range);
    await this.idle(shop.id);
    const progress = await this.progress(shop.id);
    if (progress.state === 'failed') throw new Error(progress.error ?? 'the sync stopped');
    return progress;
  }

  /**
   * Resolves when no run of this shop is live in this process (true), or with false once `withinMs`
   * passed first (a person's request waits for a re-read only so long).
   */
  async idle(shopId: string, withinMs = Infinity): Promise<boolean> {
    const done = (async () => {
      for (let run = this.live.get(shopId); run; run = this.live.get(shopId)) await run.done;
      return true;
    })();
    if (!Number.isFinite(withinMs)) return done;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), withinMs)));
    try {
      return await Promise.race([done, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async progress(shopId: string): Promise<SyncProgress> {
    const [job, last, mismatches] = await Promise.all([
      this.options.store.loadJob(shopId),
      lastSyncedAt(this.options.store.db, shopId),
      recentMismatches(this.options.store, shopId, this.now()),
    ]);
    const run = this.live.get(shopId);
    const progress = progressOf(
      shopId,
      job,
      {
        running: run !== undefined,
        starting: run?.starting ?? false,
        budgetPerMinute: this.options.budgetPerMinute ?? 60,
        now: this.now(),
      },
      last,
    );
    const failure = this.failures.get(shopId);
    if (failure && !run && (!job || job.updatedAt <= failure.at)) {
      progress.state = 'failed';
      progress.running = false;
      progress.error = failure.message;
    }
    if (progress.state === 'failed' && !run)
      progress.retryAt = Math.max(failure?.at ?? 0, job?.updatedAt ?? 0) + FAILED_RETRY_AFTER_MS;
    const unanswered = run ? (this.options.client.health?.().unansweredForMs ?? null) : null;
    progress.notices = progressNotices(unanswered, mismatches);
    return progress;
  }

  async coverage(shop: ShopRef, range: DayRange): Promise<RangeCoverage> {
    return (await this.storedDays(shop, range)).coverage;
  }

  /** The range's coverage and the days of it that are stored (one read of the store). */
  async storedDays(shop: ShopRef, range: DayRange): Promise<{ coverage: RangeCoverage; days: Set<string> }> {
    const clamped = clampToToday(range, shopLocalDate(Math.floor(this.now() / 1000), shop.timezone));
    if (!clamped) {
      const none = { syncedAt: null, todayReadAt: null, latestReadAt: null };
      return { coverage: { ...range, daysTotal: 0, daysStored: 0, complete: true, ...none }, days: new Set() };
    }
    const covered = await this.options.store.coverage(shop.id, clamped.from, clamped.to);
    const daysTotal = dayCount(clamped.from, clamped.to);
    const today = shopLocalDate(Math.floor(this.now() / 1000), shop.timezone);
    const reads = readTimes(covered, today, this.freshness.recentDays);
    const coverage = { ...range, daysTotal, daysStored: covered.size, complete: covered.size >= daysTotal, ...reads };
    return { coverage, days: new Set(covered.keys()) };
  }

  /**
   * Checks stored months of the range against the upstream's count (one limit=1 request each) and
   * starts re-reading any that disagree. Skipped while the shop is syncing (counts are moving then).
   */
  async reconcile(shop: ShopRef, range: DayRange, options: ReconcileOptions = {}): Promise<Mismatch[]> {
    if (this.live.has(shop.id) || (await this.options.store.loadJob(shop.id))?.state === 'running') return [];
    const mismatches = await reconcile(this.options.store, this.options.client, shop, range, {
      now: this.now(),
      ...options,
    });
    for (const m of mismatches) {
      const from = `${m.month}-01`;
      await this.ensure(
        shop,
        { from: from < range.from ? range.from : from, to: addDays(`${addDays(from, 32).slice(0, 7)}-01`, -1) },
        { why: 'reconcile' },
      );
    }
    return mismatches;
  }

  /** True while a run of this shop is live in this process. */
  isRunning(shopId: string): boolean {
    return this.live.has(shopId);
  }

  /**
   * The cheap check of the unsettled window (./settlement-check): answers once the counts are in;
   * the re-read of the changed days runs in the background (`idle` waits).
   */
  async checkUnsettled(shop: ShopRef, reachDays: number): Promise<SettlementCheck | 'busy'> {
    if (this.live.has(shop.id)) return 'busy';
    const check = await findSettledDays(this.options.store, this.options.client, shop, reachDays, this.now());
    if (check.changedDays.length > 0) this.reread(shop, check.changedDays);
    return check;
  }

  /**
   * Reads exactly these days again (consecutive ones as one window), after the shop's live run if
   * one is busy. The counts that found them just answered, so a failed run's pause does not hold it.
   */
  private reread(shop: ShopRef, days: readonly Day[]): void {
    const wanted: Wanted = {
      range: { from: days[0]!, to: days[days.length - 1]! },
      why: 'settlement',
      rules: this.freshness,
      force: new Set(days),
      only: true,
    };
    const run = this.live.get(shop.id);
    if (run) queue(run.pending, wanted);
    else this.start(shop, [wanted]);
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

  private start(shop: ShopRef, ranges: Wanted[]): void {
    const run: LiveRun = { starting: true, abort: new AbortController(), done: Promise.resolve(), pending: [] };
    this.live.set(shop.id, run);
    run.done = this.execute(shop, ranges, run)
      .then(() => {
        if (!run.abort.signal.aborted) this.options.onSynced?.(shop);
      })
      .catch((error: unknown) => {
        // A failure outside a job (the lock's Redis or database, loading the checkpoint) has no
        // job to record it in: keep the seller's words for it here, shown until a run succeeds.
        if (!run.abort.signal.aborted) this.failures.set(shop.id, { message: sellerMessage(error), at: this.now() });
        this.options.onError?.(shop.id, error);
      })
      .finally(() => {
        this.live.delete(shop.id);
        if (run.pending.length > 0 && !run.abort.signal.aborted) this.start(shop, run.pending);
      });
  }

  private async execute(shop: ShopRef, ranges: Wanted[], run: LiveRun): Promise<void> {
    const release = await this.lock.tryAcquire(shop.id).finally(() => {
      run.starting = false;
    });
    if (!release) return; // another instance is syncing this shop; its checkpoint shows progress
    // A lost lock (Redis or the database connection failed) stops the run as a crash would: no
    // further write, the checkpoint stays, and whichever instance holds the lock next resumes it.
    release.signal.addEventListener('abort', () => run.abort.abort(release.signal.reason), { once: true });
    this.failures.delete(shop.id);
    const ctx: RunContext = {
      store: this.options.store,
      client: this.options.client,
      shop,
      now: this.now,
      prefetch: this.options.prefetch ?? 3,
      shortPageRetries: this.options.shortPageRetries ?? 3,
      signal: run.abort.signal,
    };
    try {
      const previous = await this.options.store.loadJob(shop.id);
      if (previous && previous.state !== 'done') await runTracked(ctx, previous);
      for (const wanted of ranges) {
        const job = await planJob(this.options.store, shop, wanted, this.now());
        if (job) await runTracked(ctx, job);
      }
    } finally {
      await release();
    }
  }
}
