import type { OrderStore } from '@/lib/store/order-store';
import { addDays, shopLocalDate } from '@/lib/time';
import { shopViewsSince } from '@/lib/store/shop-views';
import type { SyncEngine } from './engine';
import type { Release, SyncLock } from './lock';
import type { ShopRef } from './runner';
import { budgetOfShop } from '@/lib/connections/routing';

// The one refresh policy (docs/ARCHITECTURE.md#the-refresh-policy). Views read the store, today
// included; this keeps it fresh within the key's budget. It runs on one instance at a time (a
// lease on the shared sync lock: Redis, or PostgreSQL's advisory lock; in-process on SQLite),
// reads which shops people are looking at from the store (st_shop_view, written by every
// instance), and every few seconds starts the refreshes that buy the most freshness:
//
//   today    read again once its last read is `early` × its target old: a shop someone viewed in
//            the last `viewedWithinMs` has `viewedMaxStaleMs` (2 min), every other `maxStaleMs`
//            (15 min). Usually 2 requests (today's orders page, its refunds); yesterday is read
//            once more after it ended (plan.ts). The most overdue first, viewed shops before others.
//   unsettled  two limit=1 counts over the last `unsettledReachDays` every `unsettledCheckEveryMs`;
//            only the stored days whose orders settled are read again (SyncEngine.checkUnsettled),
//            and the check lasts until they are.
//   reconcile  one limit=1 count per stored month, each month once per `reconcileEveryMs`.
//
// A shop whose refresh fails is backed off (30 s, doubling, at most 15 min) and shows the failure
// in its sync status; at most `maxConcurrent` refreshes run at once per upstream key, so the most urgent go first
// and people's clicks keep the scheduler's reserve.

export interface RefreshTargets {
  viewedMaxStaleMs: number;
  maxStaleMs: number;
  viewedWithinMs: number;
  /** A refresh starts once today's data is this share of its target old, so it lands before the target. */
  early: number;
  unsettledCheckEveryMs: number;
  unsettledReachDays: number;
  reconcileEveryMs: number;
  maxConcurrent: number;
  backoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_TARGETS: RefreshTargets = {
  viewedMaxStaleMs: 2 * 60_000,
  maxStaleMs: 15 * 60_000,
  viewedWithinMs: 10 * 60_000,
  early: 0.75,
  unsettledCheckEveryMs: 2 * 60 * 60_000,
  unsettledReachDays: 60,
  reconcileEveryMs: 24 * 3_600_000,
  maxConcurrent: 4,
  backoffMs: 30_000,
  maxBackoffMs: 15 * 60_000,
};

/** What the policy knows of one shop when it decides. */
export interface ShopFreshness {
  shop: ShopRef;
  /** When today's data was last read (ms), or null (never). */
  todayReadAt: number | null;
  /** When a person last looked at the shop (ms), or null. */
  viewedAt: number | null;
  running: boolean;
  unsettledCheckedAt: number | null;
  reconciledAt: number | null;
  /** Consecutive failures and the last one's time (ms). */
  failures: number;
  failedAt: number | null;
}

export type RefreshKind = 'today' | 'unsettled' | 'reconcile';

export interface RefreshTask {
  kind: RefreshKind;
  shop: ShopRef;
  /** For `today`: the staleness target it is held to (ms). */
  targetMs: number;
  /** Higher goes first. */
  urgency: number;
}

export function isViewed(s: Pick<ShopFreshness, 'viewedAt'>, now: number, targets: RefreshTargets): boolean {
  return s.viewedAt !== null && now - s.viewedAt <= targets.viewedWithinMs;
}

/** Today's staleness target of a shop: tighter while someone looks at it. */
export function targetOf(s: Pick<ShopFreshness, 'viewedAt'>, now: number, targets: RefreshTargets): number {
  return isViewed(s, now, targets) ? targets.viewedMaxStaleMs : targets.maxStaleMs;
}

/** When a failed shop may be tried again. */
export function retryAt(s: Pick<ShopFreshness, 'failures' | 'failedAt'>, targets: RefreshTargets): number {
  if (s.failures === 0 || s.failedAt === null) return 0;
  return s.failedAt + Math.min(targets.maxBackoffMs, targets.backoffMs * 2 ** (s.failures - 1));
}

/** The refreshes due now, most urgent first (pure: the policy and bench:refresh share it). */
export function dueTasks(shops: readonly ShopFreshness[], now: number, targets: RefreshTargets): RefreshTask[] {
  const tasks: RefreshTask[] = [];
  for (const s of shops) {
    if (s.running || now < retryAt(s, targets)) continue;
    const target = targetOf(s, now, targets);
    const age = s.todayReadAt === null ? Infinity : now - s.todayReadAt;
    // Viewed shops outrank the rest at equal lateness; a never-read shop is the most overdue.
    const viewedBonus = isViewed(s, now, targets) ? 1 : 0;
    if (age >= target * targets.early) {
      tasks.push({ kind: 'today', shop: s.shop, targetMs: target, urgency: Math.min(age / target, 100) + viewedBonus });
      continue;
    }
    if (s.unsettledCheckedAt === null || now - s.unsettledCheckedAt >= targets.unsettledCheckEveryMs)
      tasks.push({ kind: 'unsettled', shop: s.shop, targetMs: target, urgency: 0.5 });
    else if (s.reconciledAt === null || now - s.reconciledAt >= targets.reconcileEveryMs)
      tasks.push({ kind: 'reconcile', shop: s.shop, targetMs: target, urgency: 0.25 });
  }
  return tasks.sort((a, b) => b.urgency - a.urgency);
}

export interface RefreshPolicyOptions {
  engine: SyncEngine;
  store: OrderStore;
  /** The shared sync lock: the policy holds its `refresh-policy` lease while it leads. */
  lock: SyncLock;
  now?: () => number;
  targets?: Partial<RefreshTargets>;
  onError?: (shopId: string, error: unknown) => void;
  /** Whether some connection still lists the shop's key (a removed connection's shops are left alone). */
  served?: (shopId: string) => Promise<boolean>;
}

interface Memory {
  unsettledCheckedAt: number | null;
  reconciledAt: number | null;
  failures: number;
  failedAt: number | null;
}

/**
 * The most urgent of `tasks` that may start now: at most `max` refreshes run at once per upstream
 * key (each connection its own budget, lib/connections), so one key's backlog never holds back the
 * shops of another.
 */
export function startable(
  tasks: readonly RefreshTask[],
  shops: readonly ShopFreshness[],
  max: number,
  budgetOf: (shopId: string) => string = budgetOfShop,
): RefreshTask[] {
  const taken = new Map<string, number>();
  for (const s of shops) if (s.running) taken.set(budgetOf(s.shop.id), (taken.get(budgetOf(s.shop.id)) ?? 0) + 1);
  return tasks.filter((task) => {
    const budget = budgetOf(task.shop.id);
    const n = taken.get(budget) ?? 0;
    if (n >= max) return false;
    taken.set(budget, n + 1);
    return true;
  });
}

export class RefreshPolicy {
  readonly targets: RefreshTargets;
  private readonly now: () => number;
  private lease: Release | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private ticking = false;
  /** Checks started by this leader (their requests, not the engine's runs). */
  private readonly checking = new Set<string>();
  /** Bound: one entry per connected shop (when it was last checked and how its last check went). */
  private readonly memory = new Map<string, Memory>();

  constructor(private readonly options: RefreshPolicyOptions) {
    this.targets = { ...DEFAULT_TARGETS, ...options.targets };
    this.now = options.now ?? Date.now;
  }

  /** Ticks every `everyMs` while the process runs (the timer does not keep it alive). */
  start(everyMs = 5_000): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const lease = this.lease;
    this.lease = null;
    await lease?.().catch(() => undefined);
  }

  /** True while this instance holds the policy's lease. */
  get leading(): boolean {
    return this.lease !== null && !this.lease.signal.aborted;
  }

  private async lead(): Promise<boolean> {
    if (this.leading) return true;
    this.lease = await this.options.lock.tryAcquire('refresh-policy');
    return this.lease !== null;
  }

  private remember(shopId: string): Memory {
    let m = this.memory.get(shopId);
    if (!m)
      this.memory.set(shopId, (m = { unsettledCheckedAt: null, reconciledAt: null, failures: 0, failedAt: null }));
    return m;
  }

  /** What the policy knows of every shop synced before. */
  async freshness(): Promise<ShopFreshness[]> {
    const now = this.now();
    const { engine, store } = this.options;
    const [known, views] = await Promise.all([
      engine.knownShops(),
      shopViewsSince(store.db, now - this.targets.viewedWithinMs),
    ]);
    const served = this.options.served;
    const shops = served
      ? (await Promise.all(known.map(async (s) => ((await served(s.id)) ? [s] : [])))).flat()
      : known;
    return Promise.all(
      shops.map(async (shop) => {
        const today = shopLocalDate(Math.floor(now / 1000), shop.timezone);
        const covered = await store.coverage(shop.id, today, today);
        const m = this.remember(shop.id);
        return {
          shop,
          todayReadAt: covered.get(today) ?? null,
          viewedAt: views.get(shop.id) ?? null,
          running: engine.isRunning(shop.id) || this.checking.has(shop.id),
          ...m,
        };
      }),
    );
  }

  /** One decision: the most urgent refreshes, as many as may run at once. Does nothing on a follower. */
  async tick(): Promise<RefreshTask[]> {
    if (this.ticking) return [];
    this.ticking = true;
    try {
      if (!(await this.lead())) return [];
      const shops = await this.freshness();
      const tasks = startable(dueTasks(shops, this.now(), this.targets), shops, this.targets.maxConcurrent);
      for (const task of tasks) void this.run(task);
      return tasks;
    } catch (error) {
      this.options.onError?.('*', error);
      return [];
    } finally {
      this.ticking = false;
    }
  }

  /** Waits for the shop's run; a run that failed fails the refresh. */
  private async finished(shopId: string): Promise<void> {
    await this.options.engine.idle(shopId);
    const progress = await this.options.engine.progress(shopId);
    if (progress.state === 'failed') throw new Error(progress.error ?? 'the refresh failed');
  }

  private async run(task: RefreshTask): Promise<void> {
    const { engine } = this.options;
    const m = this.remember(task.shop.id);
    this.checking.add(task.shop.id);
    try {
      const now = this.now();
      const today = shopLocalDate(Math.floor(now / 1000), task.shop.timezone);
      if (task.kind === 'today') {
        await engine.ensure(
          task.shop,
          { from: addDays(today, -1), to: today },
          { rules: { todayStaleAfterMs: task.targetMs * this.targets.early }, why: 'today' },
        );
        await this.finished(task.shop.id);
      } else if (task.kind === 'unsettled') {
        const checked = await engine.checkUnsettled(task.shop, this.targets.unsettledReachDays);
        // The re-read of the days that changed is part of the check: the shop counts as refreshing
        // until it is stored, and its failure backs the shop off (the next check finds them again).
        if (checked !== 'busy' && checked.changedDays.length > 0) await this.finished(task.shop.id);
        if (checked !== 'busy') m.unsettledCheckedAt = now;
      } else {
        await engine.reconcile(
          task.shop,
          { from: addDays(today, -800), to: today },
          { everyMs: this.targets.reconcileEveryMs },
        );
        m.reconciledAt = now;
      }
      m.failures = 0;
      m.failedAt = null;
    } catch (error) {
      m.failures += 1;
      m.failedAt = this.now();
      this.options.onError?.(task.shop.id, error);
    } finally {
      this.checking.delete(task.shop.id);
    }
  }
}
