import { sleep, systemTimers, type Timers } from '@/lib/rate-limit/clock';
import type { RateLimiter } from '@/lib/rate-limit/types';
import type { Priority } from './types';
import { observeQueueWait } from '@/lib/metrics';

// One scheduler per app key owns that key's request budget (docs/ARCHITECTURE.md#the-upstream-budget).
// Work waits in a two-level FIFO queue. The job that would go next (the oldest interactive one,
// else the oldest) asks the limiter for a slot of its own class, so the limiter can pace the
// sync and keep the reserve for people, across instances when it is shared. The scheduler never
// sends without a granted slot. The queue is bounded and interactive work has a deadline: a
// person is told "busy, try again" instead of waiting behind minutes of queued work.

export interface ScheduleOptions {
  /** A function is read at dispatch time, so queued work can be promoted (a person joined it). */
  priority?: Priority | (() => Priority);
  signal?: AbortSignal;
}

/** Why queued work was refused; the client turns it into a clear 503 for the person waiting. */
export class QueueRefusal extends Error {
  override name = 'QueueRefusal';
  constructor(
    readonly reason: 'full' | 'deadline',
    /** A fair guess of when asking again could succeed. */
    readonly retryAfterMs: number,
  ) {
    super(
      reason === 'full' ? 'The upstream request queue is full.' : 'The request waited too long for an upstream slot.',
    );
  }
}

export function isQueueRefusal(error: unknown): error is QueueRefusal {
  return error instanceof Error && error.name === 'QueueRefusal' && 'reason' in error;
}

interface Job {
  priority: () => Priority;
  run: () => void;
  reject: (reason: unknown) => void;
  cleanup: () => void;
}

export interface SchedulerOptions {
  /** The budget's key in the limiter: the app key. */
  key: string;
  limiter: RateLimiter;
  timers?: Timers;
  /** Called with limiter failures (e.g. Redis down); must not log secrets. */
  onLimiterError?: (error: unknown) => void;
  /** Most jobs waiting at once; more are refused at once (default 200). */
  maxQueued?: number;
  /** Longest an interactive job waits for a slot before it is refused (default 30 s). Background work has none. */
  interactiveDeadlineMs?: number;
}

/**
 * Slots of each window kept for people while they use the dashboard: 2 of 60. One would do for a
 * single click; two let a page that asks for two things (a list and its totals) start at once.
 */
export function reserveFor(limit: number): number {
  return Math.min(limit - 1, Math.max(1, Math.ceil(limit / 30)));
}

const DEFAULT_MAX_QUEUED = 200;
const DEFAULT_INTERACTIVE_DEADLINE_MS = 30_000;

export class Scheduler {
  /** Arrival order; the next job is the oldest interactive one, else the oldest. */
  private readonly queue: Job[] = [];
  private readonly timers: Timers;
  private readonly maxQueued: number;
  private readonly deadlineMs: number;
  private pausedUntil = 0;
  private pumping = false;
  /** Wakes the pump early: the queue emptied, or a person's job arrived while the sync waited. */
  private wake: AbortController | undefined;

  constructor(private readonly options: SchedulerOptions) {
    this.timers = options.timers ?? systemTimers;
    this.maxQueued = options.maxQueued ?? DEFAULT_MAX_QUEUED;
    this.deadlineMs = options.interactiveDeadlineMs ?? DEFAULT_INTERACTIVE_DEADLINE_MS;
  }

  /** Runs `task` once the budget allows; resolves with its result. Aborting removes queued work. */
  schedule<T>(task: () => Promise<T>, options: ScheduleOptions = {}): Promise<T> {
    const { priority = 'interactive', signal } = options;
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      if (this.queue.length >= this.maxQueued) return reject(new QueueRefusal('full', this.retryGuessMs()));
      const readPriority = typeof priority === 'function' ? priority : () => priority;
      let deadline: unknown;
      const leave = (reason: unknown) => {
        const index = this.queue.indexOf(job);
        if (index === -1) return;
        this.queue.splice(index, 1);
        job.cleanup();
        reject(reason);
        if (this.size === 0) this.wake?.abort();
      };
      const onAbort = () => leave(signal?.reason);
      const queuedAt = this.timers.now();
      const job: Job = {
        priority: readPriority,
        run: () => {
          observeQueueWait(readPriority(), (this.timers.now() - queuedAt) / 1000);
          return task().then(resolve, reject);
        },
        reject,
        cleanup: () => {
          signal?.removeEventListener('abort', onAbort);
          if (deadline !== undefined) this.timers.clearTimeout(deadline);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      // Background work is never refused for waiting: the sync waits as long as it takes.
      if (readPriority() === 'interactive' && Number.isFinite(this.deadlineMs)) {
        deadline = this.timers.setTimeout(
          () => leave(new QueueRefusal('deadline', this.retryGuessMs())),
          this.deadlineMs,
        );
      }
      this.queue.push(job);
      if (readPriority() === 'interactive') this.wake?.abort();
      void this.pump();
    });
  }

  /** Stops sending on this key for `ms` (429 Retry-After); shared through the limiter if it can. */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.timers.now() + ms);
    this.options.limiter.pause(this.options.key, ms).catch((error: unknown) => this.options.onLimiterError?.(error));
  }

  /** When asking again could succeed: after a 429 pause, else a few seconds. */
  private retryGuessMs(): number {
    return Math.max(5_000, this.pausedUntil - this.timers.now());
  }

  /** Jobs waiting for a slot. */
  get size(): number {
    return this.queue.length;
  }

  private nextIndex(): number {
    // A linear scan: one dispatch a second against a queue of a few hundred at most.
    const index = this.queue.findIndex((job) => job.priority() === 'interactive');
    return index === -1 ? 0 : index;
  }

  private take(): Job | undefined {
    const job = this.queue.splice(this.nextIndex(), 1)[0];
    job?.cleanup();
    return job;
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.size > 0) {
        const pausedFor = this.pausedUntil - this.timers.now();
        if (pausedFor > 0) {
          await this.idle(pausedFor);
          continue;
        }
        const head = this.queue[this.nextIndex()];
        const requestClass = head?.priority() ?? 'background';
        let waitMs = 0;
        try {
          const result = await this.options.limiter.tryAcquire(this.options.key, requestClass);
          if (result.ok) {
            // A slot may be wasted if every job aborted meanwhile; that only costs budget.
            this.take()?.run();
            continue;
          }
          waitMs = result.retryAfterMs;
        } catch (error) {
          // Without a working limiter we cannot know the budget: fail the oldest job clearly
          // rather than sending blind or hanging forever.
          this.options.onLimiterError?.(error);
          this.take()?.reject(error);
          continue;
        }
        await this.idle(waitMs);
      }
    } finally {
      this.pumping = false;
    }
  }

  private async idle(ms: number): Promise<void> {
    this.wake = new AbortController();
    await sleep(ms, this.timers, this.wake.signal).catch(() => undefined);
    this.wake = undefined;
  }
}

/** Schedulers by app key: every client of one key in this process shares one queue and budget. */
export class SchedulerRegistry {
  /** Bound: one per app key the process talks to (the connections' keys: a handful); never evicted, a key's budget must outlive its callers. */
  private readonly schedulers = new Map<string, Scheduler>();
  constructor(private readonly create: (key: string) => Scheduler) {}

  get(key: string): Scheduler {
    let scheduler = this.schedulers.get(key);
    if (!scheduler) {
      scheduler = this.create(key);
      this.schedulers.set(key, scheduler);
    }
    return scheduler;
  }
}
