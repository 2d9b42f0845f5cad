import { randomUUID } from 'node:crypto';
import { addDays, dayCount, shopDayEnd, shopDayStart, shopLocalDate, type DayRange } from '@/lib/time';
import type { Day } from '@/lib/store/days';
import type { OrderType } from '@/lib/contract';
import type { ReadReason, SyncJob } from '@/lib/store/jobs';
import type { OrderStore } from '@/lib/store/order-store';
import { lastSyncedAt } from '@/lib/store/reads';
import { sellerMessage } from './errors';
import { recentMismatches, reconcile, type Mismatch, type ReconcileOptions } from './reconcile';
import type { UpstreamClient } from '@/lib/upstream/types';
import { MemoryLock, type SyncLock } from './lock';
import {
  clampToToday,
  DEFAULT_FRESHNESS,
  isStale,
  recentFirst,
  staleRuns,
  windowPlan,
  type FreshnessRules,
} from './plan';
import { progressOf, readTimes, type RangeCoverage, type SyncProgress } from './progress';
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
  /** How often a short page is asked for again within a run (default 3). */
  shortPageRetries?: number;
  /** The budget per minute, for the ETA before any request was measured. */
  budgetPerMinute?: number;
  onError?: (shopId: string, error: unknown) => void;
  /** After a run that ended without an error (the store holds what it read): alerts evaluate then. */
  onSynced?: (shop: ShopRef) => void;
}

const FAILED_RETRY_AFTER_MS = 30_000;
/** A running sync whose requests have had no answer this long says the upstream is not responding. */
const NOT_RESPONDING_NOTICE_MS = 15_000;

/** A range to sync, the freshness it is held to, and days to read again whatever their freshness. */
interface Wanted {
  range: DayRange;
  why: ReadReason;
  rules: FreshnessRules;
  force: ReadonlySet<Day>;
  /**
   * Read the forced days alone (a settlement re-read): no other day of the range, however stale or
   * missing, and not the catalog. A re-read must not spend budget on, or store, days nobody asked for.
   */
  only?: boolean;
}

/** A page polls every few seconds while a run is busy: each range is planned again once, not once per poll. */
function queue(run: LiveRun, wanted: Wanted): void {
  const same = run.pending.find(
    (w) => w.range.from === wanted.range.from && w.range.to === wanted.range.to && !w.only === !wanted.only,
  );
  if (!same) run.pending.push(wanted);
  else {
    if (wanted.rules.todayStaleAfterMs < same.rules.todayStaleAfterMs) same.rules = wanted.rules;
    same.force = new Set([...same.force, ...wanted.force]);
  }
}

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
    if (run) queue(run, wanted);
    else if (await this.needsSync(shop, wanted, options.retry ?? false)) {
      // Another caller may have started a run while this one looked at the coverage.
      run = this.live.get(shop.id);
      if (run) queue(run, wanted);
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
    return (await this.plan(shop, wanted)) !== null;
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
    progress.notices = [];
    if (unanswered !== null && unanswered >= NOT_RESPONDING_NOTICE_MS)
      progress.notices.push(
        `The Reporting Service is not responding: no answer for ${Math.round(unanswered / 1000)} s. The sync keeps trying and resumes where it stopped; the figures below are as of their last read.`,
      );
    progress.notices.push(
      ...mismatches.map(
        (m) =>
          `Orders of ${m.month} did not add up (${m.stored} stored, ${m.upstream} counted by the Reporting Service): those days are read again.`,
      ),
    );
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
   * The cheap check of the unsettled window (the last `reachDays` days before today). Settlement
   * changes an order's type and figures, never the number of orders, so the upstream's count of
   * SETTLED orders (a limit=1 request) against the stored count says whether any order of a span
   * settled; a span that differs is halved until the days that changed are found, and only those
   * are read again: about 1 + 2·k·log2(days / k) counts for k changed days. The count of DRAFT
   * orders (one more request) is halved alike over the days not found already. Only stored days
   * are compared (each run of them on its own) and read again: exactly the changed days, never a
   * day between them that is not stored; unchanged days holding unsettled orders are confirmed as
   * read now. Answers once the counts are in; the re-read runs in the background (`idle` waits).
   */
  async checkUnsettled(shop: ShopRef, reachDays: number): Promise<{ changedDays: Day[]; requests: number } | 'busy'> {
    if (this.live.has(shop.id)) return 'busy';
    const now = this.now();
    const today = shopLocalDate(Math.floor(now / 1000), shop.timezone);
    const window = { from: addDays(today, -reachDays), to: addDays(today, -1) };
    let requests = 0;
    const differs = async (from: Day, to: Day, orderType: OrderType) => {
      const startDate = shopDayStart(from, shop.timezone);
      const endDate = shopDayEnd(to, shop.timezone);
      requests++;
      const page = await this.options.client.orders(
        shop.id,
        { startDate, endDate, orderType, page: 1, limit: 1 },
        { priority: 'background', bypassCache: true },
      );
      return page.pagination.total !== (await this.options.store.countOrders(shop.id, startDate, endDate, orderType));
    };
    const changed = async (from: Day, to: Day, orderType: OrderType): Promise<Day[]> => {
      if (!(await differs(from, to, orderType))) return [];
      if (from === to) return [from];
      const mid = addDays(from, Math.floor((dayCount(from, to) - 1) / 2));
      return [...(await changed(from, mid, orderType)), ...(await changed(addDays(mid, 1), to, orderType))];
    };
    const [covered, unsettled] = await Promise.all([
      this.options.store.coverage(shop.id, window.from, window.to),
      this.options.store.unsettledDays(shop.id, window.from, window.to),
    ]);
    // Only stored days can be compared: the window's runs of covered days, checked one by one.
    const runs = staleRuns(window, (day) => covered.has(day));
    const days = new Set<Day>();
    for (const run of runs) {
      const settled = await changed(run.from, run.to, 'SETTLED');
      for (const day of settled) days.add(day);
      // A draft that settled moved its day's SETTLED count too: a DRAFT count that differs is
      // looked for among the run's other days alone (a draft that became unsettled), halved alike.
      const rest = settled.length === 0 ? [run] : staleRuns(run, (day) => !days.has(day));
      if (settled.length === 0 || (await differs(run.from, run.to, 'DRAFT')))
        for (const span of rest) for (const day of await changed(span.from, span.to, 'DRAFT')) days.add(day);
    }
    const confirmed = [...unsettled].filter((day) => covered.has(day) && !days.has(day));
    await this.options.store.markCovered(shop.id, confirmed, now);
    const changedDays = [...days].sort();
    if (changedDays.length > 0) this.reread(shop, changedDays);
    return { changedDays, requests };
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
    if (run) queue(run, wanted);
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
    try {
      const previous = await this.options.store.loadJob(shop.id);
      if (previous && previous.state !== 'done') await this.runTracked(shop, previous, run);
      for (const wanted of ranges) {
        const job = await this.plan(shop, wanted);
        if (job) await this.runTracked(shop, job, run);
      }
    } finally {
      await release();
    }
  }

  private async plan(shop: ShopRef, { range, why, rules, force, only }: Wanted): Promise<SyncJob | null> {
    const now = this.now();
    const clamped = clampToToday(range, shopLocalDate(Math.floor(now / 1000), shop.timezone));
    if (!clamped) return null;
    const [covered, unsettled] = only
      ? [new Map<Day, number>(), new Set<Day>()]
      : await Promise.all([
          this.options.store.coverage(shop.id, clamped.from, clamped.to),
          this.options.store.unsettledDays(shop.id, clamped.from, clamped.to),
        ]);
    const runs = staleRuns(
      clamped,
      (day) =>
        force.has(day) || (!only && isStale(day, shop.timezone, covered.get(day), now, rules, unsettled.has(day))),
    );
    if (runs.length === 0) return null;
    return {
      shopId: shop.id,
      jobId: randomUUID(),
      state: 'running',
      plan: {
        why,
        timeZone: shop.timezone,
        from: clamped.from,
        to: clamped.to,
        // Settlement changes orders, never the catalog: a re-read of settled days skips it.
        catalogDone: only === true,
        windows: recentFirst(runs).map((r) => windowPlan(r, shop.timezone, now)),
        requestTimes: [],
      },
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
      prefetch: this.options.prefetch ?? 3,
      shortPageRetries: this.options.shortPageRetries ?? 3,
      signal: run.abort.signal,
    };
    try {
      await runJob(ctx, job);
      job.state = 'done';
      job.finishedAt = this.now();
    } catch (error) {
      if (run.abort.signal.aborted) throw error; // a stop is a crash: leave the checkpoint as it is
      job.state = 'failed';
      job.error = sellerMessage(error);
      job.updatedAt = this.now();
      await this.options.store.saveJob(job);
      throw error; // the raw error goes to onError (the server log), never to the seller
    }
    job.updatedAt = this.now();
    await this.options.store.saveJob(job);
  }
}
