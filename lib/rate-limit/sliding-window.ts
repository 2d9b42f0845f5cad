import { systemTimers } from './clock';
import {
  pacingOf,
  type AcquireResult,
  type PacingOptions,
  type RateLimiter,
  type RequestClass,
  type WindowOptions,
} from './types';

// A sliding-window log: it remembers the time of each granted event, so "at most N in ANY window
// of W ms" holds exactly. A fixed-window counter would allow 2N across a window boundary.
//
// Two classes share the window. Interactive requests take any free slot. Background requests are
// paced (one per W / cap, never a burst) and, while people are active, capped at limit - reserve,
// so a person's request finds a free slot at once; with nobody active the reserve flows back to
// the background. The Redis variant runs the same rules in Lua (redis-sliding-window.ts).

interface KeyState {
  /** Granted event times, oldest first; never more than `limit` entries. */
  times: number[];
  pausedUntil: number;
  /** When the next background slot is due (the pacing schedule). */
  nextBackground: number;
  lastInteractive: number;
}

const PRUNE_ABOVE_KEYS = 10_000;
const PRUNE_EVERY = 1_000;

export interface SlidingWindowOptions extends WindowOptions, PacingOptions {
  now?: () => number;
}

export class SlidingWindowLimiter implements RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  readonly reserve: number;
  readonly reserveHoldMs: number;
  private readonly now: () => number;
  /** Bound: past PRUNE_ABOVE_KEYS keys, every PRUNE_EVERY grants drop the keys with no event left in the window. */
  private readonly keys = new Map<string, KeyState>();
  private grantsSincePrune = 0;

  constructor(options: SlidingWindowOptions) {
    if (!Number.isInteger(options.limit) || options.limit < 1) throw new RangeError('limit must be a positive integer');
    if (!(options.windowMs > 0)) throw new RangeError('windowMs must be positive');
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    ({ reserve: this.reserve, reserveHoldMs: this.reserveHoldMs } = pacingOf(options));
    this.now = options.now ?? systemTimers.now;
  }

  /** Grants one event on `key` now, or says how long until one would be granted. */
  acquire(key = '', requestClass: RequestClass = 'interactive'): AcquireResult {
    const now = this.now();
    const state = this.state(key);
    // A refused person still counts as demand: it holds the reserve so the sync leaves the next slot.
    if (requestClass === 'interactive') state.lastInteractive = now;
    if (state.pausedUntil > now) return { ok: false, retryAfterMs: state.pausedUntil - now };
    // An event at t leaves the window [now - W, now] once now - t >= W, so t + W is free again.
    while (state.times.length > 0 && (state.times[0] as number) + this.windowMs <= now) state.times.shift();
    const count = state.times.length;
    let waitMs: number;
    if (requestClass === 'interactive') {
      waitMs = count < this.limit ? 0 : (state.times[0] as number) + this.windowMs - now;
    } else {
      waitMs = backgroundWait(now, count, (i) => state.times[i] as number, state, this);
    }
    if (waitMs > 0) return { ok: false, retryAfterMs: Math.max(1, Math.ceil(waitMs)) };
    state.times.push(now);
    if (requestClass === 'background') state.nextBackground = nextBackgroundDue(now, state, this);
    this.prune(now);
    return { ok: true };
  }

  async tryAcquire(key = '', requestClass: RequestClass = 'interactive'): Promise<AcquireResult> {
    return this.acquire(key, requestClass);
  }

  async pause(key: string, ms: number): Promise<void> {
    const state = this.state(key);
    state.pausedUntil = Math.max(state.pausedUntil, this.now() + ms);
  }

  private state(key: string): KeyState {
    let state = this.keys.get(key);
    if (!state) {
      state = { times: [], pausedUntil: 0, nextBackground: -Infinity, lastInteractive: -Infinity };
      this.keys.set(key, state);
    }
    return state;
  }

  /**
   * Keeps memory bounded when keys are many and short-lived (the embedded service's client IPs).
   * A sweep visits every key, so it runs once per PRUNE_EVERY grants, not on each one.
   */
  private prune(now: number) {
    if (this.keys.size < PRUNE_ABOVE_KEYS || ++this.grantsSincePrune < PRUNE_EVERY) return;
    this.grantsSincePrune = 0;
    for (const [key, state] of this.keys) {
      const last = state.times.at(-1);
      if ((last === undefined || last + this.windowMs <= now) && state.pausedUntil <= now) this.keys.delete(key);
    }
  }
}

/**
 * How long a background request must wait (0: go now). `eventAt(i)` is the i-th oldest event in
 * the window. The same arithmetic as the Redis script, so both limiters pace alike.
 */
interface PacingState {
  nextBackground: number;
  lastInteractive: number;
}

interface PacingRules {
  limit: number;
  windowMs: number;
  reserve: number;
  reserveHoldMs: number;
}

/** Background requests allowed per window now: all of it, or all but the reserve while people are active. */
function backgroundCap(now: number, state: PacingState, rules: PacingRules): { cap: number; held: boolean } {
  const held = now - state.lastInteractive < rules.reserveHoldMs;
  return { cap: held ? rules.limit - rules.reserve : rules.limit, held };
}

/** How many missed slots the background may make up (at most two a gap while it does). */
export const CATCH_UP_SLOTS = 3;

/**
 * The next background slot after a grant at `now`: one gap after the slot that was due, so slots
 * missed because the sync was briefly busy (storing a page, a slow answer, a Redis round trip) are
 * made up instead of lost, up to CATCH_UP_SLOTS of them; never earlier than half a gap from now,
 * so catching up is never a burst. After a longer pause the schedule starts again from now.
 */
export function nextBackgroundDue(now: number, state: PacingState, rules: PacingRules): number {
  const gap = rules.windowMs / backgroundCap(now, state, rules).cap;
  if (!(now - state.nextBackground < CATCH_UP_SLOTS * gap)) return now + gap;
  return Math.max(state.nextBackground + gap, now + gap / 2);
}

export function backgroundWait(
  now: number,
  count: number,
  eventAt: (index: number) => number,
  state: PacingState,
  rules: PacingRules,
): number {
  const { cap, held } = backgroundCap(now, state, rules);
  let wait = 0;
  if (count >= cap) {
    // Until enough events leave the window that one more keeps the count under the cap…
    wait = eventAt(count - cap) + rules.windowMs - now;
    // …or until the reserve lapses, whichever comes first.
    if (held) wait = Math.min(wait, state.lastInteractive + rules.reserveHoldMs - now);
  }
  // Evenly spaced: a full window of background work takes the whole window, never a burst.
  return Math.max(wait, state.nextBackground - now);
}
