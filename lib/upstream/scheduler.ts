import { sleep, systemTimers, type Timers } from '@/lib/rate-limit/clock';
import type { RateLimiter } from '@/lib/rate-limit/types';
import type { Priority } from './types';

// One scheduler per app key owns that key's request budget (DESIGN.md "The upstream budget").
// Work waits in a two-level FIFO queue; a slot is taken from the limiter first and only then is
// the next job picked, so an interactive job that arrives while background jobs wait for a slot
// goes first. The limiter decides; the scheduler never sends without a granted slot.

export interface ScheduleOptions {
  /** A function is read at dispatch time, so queued work can be promoted (a person joined it). */
  priority?: Priority | (() => Priority);
  signal?: AbortSignal;
}

interface Job {
  priority: () => Priority;
  run: () => void;
  reject: (reason: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export interface SchedulerOptions {
  /** The budget's key in the limiter: the app key. */
  key: string;
  limiter: RateLimiter;
  timers?: Timers;
  /** Called with limiter failures (e.g. Redis down); must not log secrets. */
  onLimiterError?: (error: unknown) => void;
}

export class Scheduler {
  /** Arrival order; the next job is the oldest interactive one, else the oldest. */
  private readonly queue: Job[] = [];
  private readonly timers: Timers;
  private pausedUntil = 0;
  private pumping = false;
  /** Wakes the pump early when the queue empties (every waiter aborted). */
  private wake: AbortController | undefined;

  constructor(private readonly options: SchedulerOptions) {
    this.timers = options.timers ?? systemTimers;
  }

  /** Runs `task` once the budget allows; resolves with its result. Aborting removes queued work. */
  schedule<T>(task: () => Promise<T>, options: ScheduleOptions = {}): Promise<T> {
    const { priority = 'interactive', signal } = options;
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const job: Job = {
        priority: typeof priority === 'function' ? priority : () => priority,
        run: () => {
          if (job.onAbort) signal?.removeEventListener('abort', job.onAbort);
          task().then(resolve, reject);
        },
        reject,
        signal,
      };
      if (signal) {
        job.onAbort = () => {
          const index = this.queue.indexOf(job);
          if (index === -1) return;
          this.queue.splice(index, 1);
          reject(signal.reason);
          if (this.size === 0) this.wake?.abort();
        };
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.queue.push(job);
      void this.pump();
    });
  }

  /** Stops sending on this key for `ms` (429 Retry-After); shared through the limiter if it can. */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.timers.now() + ms);
    this.options.limiter.pause(this.options.key, ms).catch((error: unknown) => this.options.onLimiterError?.(error));
  }

  /** Jobs waiting for a slot. */
  get size(): number {
    return this.queue.length;
  }

  private next(): Job | undefined {
    // A linear scan: one dispatch a second against a queue of hundreds at most.
    const index = this.queue.findIndex((job) => job.priority() === 'interactive');
    return this.queue.splice(index === -1 ? 0 : index, 1)[0];
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
        let waitMs = 0;
        try {
          const result = await this.options.limiter.tryAcquire(this.options.key);
          if (result.ok) {
            // A slot may be wasted if every job aborted meanwhile; that only costs budget.
            this.next()?.run();
            continue;
          }
          waitMs = result.retryAfterMs;
        } catch (error) {
          // Without a working limiter we cannot know the budget: fail the oldest job clearly
          // rather than sending blind or hanging forever.
          this.options.onLimiterError?.(error);
          this.next()?.reject(error);
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
