import { systemTimers } from './clock';
import type { AcquireResult, RateLimiter, WindowOptions } from './types';

// A sliding-window log: it remembers the time of each granted event, so "at most N in ANY window
// of W ms" holds exactly. A fixed-window counter would allow 2N across a window boundary.

interface KeyState {
  /** Granted event times, oldest first; never more than `limit` entries. */
  times: number[];
  pausedUntil: number;
}

export interface SlidingWindowOptions extends WindowOptions {
  now?: () => number;
}

export class SlidingWindowLimiter implements RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  private readonly now: () => number;
  private readonly keys = new Map<string, KeyState>();

  constructor(options: SlidingWindowOptions) {
    if (!Number.isInteger(options.limit) || options.limit < 1) throw new RangeError('limit must be a positive integer');
    if (!(options.windowMs > 0)) throw new RangeError('windowMs must be positive');
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.now = options.now ?? systemTimers.now;
  }

  /** Grants one event on `key` now, or says how long until one would be granted. */
  acquire(key = ''): AcquireResult {
    const now = this.now();
    const state = this.keys.get(key) ?? { times: [], pausedUntil: 0 };
    if (state.pausedUntil > now) return { ok: false, retryAfterMs: state.pausedUntil - now };
    // An event at t leaves the window [now - W, now] once now - t >= W, so t + W is free again.
    while (state.times.length > 0 && (state.times[0] as number) + this.windowMs <= now) state.times.shift();
    if (state.times.length < this.limit) {
      state.times.push(now);
      this.keys.set(key, state);
      this.prune(now);
      return { ok: true };
    }
    this.keys.set(key, state);
    return { ok: false, retryAfterMs: (state.times[0] as number) + this.windowMs - now };
  }

  async tryAcquire(key = ''): Promise<AcquireResult> {
    return this.acquire(key);
  }

  async pause(key: string, ms: number): Promise<void> {
    const state = this.keys.get(key) ?? { times: [], pausedUntil: 0 };
    state.pausedUntil = Math.max(state.pausedUntil, this.now() + ms);
    this.keys.set(key, state);
  }

  /** Keeps memory bounded when keys are many and short-lived (client IPs). */
  private prune(now: number) {
    if (this.keys.size < 10_000) return;
    for (const [key, state] of this.keys) {
      const last = state.times.at(-1);
      if ((last === undefined || last + this.windowMs <= now) && state.pausedUntil <= now) this.keys.delete(key);
    }
  }
}
