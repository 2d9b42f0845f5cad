/** The answer of a limiter: go now, or come back after `retryAfterMs`. */
export type AcquireResult = { ok: true } | { ok: false; retryAfterMs: number };

/**
 * Who is asking. Interactive: a person is waiting, any free slot is theirs. Background: the sync,
 * paced evenly and kept out of the reserve while people are using the dashboard.
 */
export type RequestClass = 'interactive' | 'background';

export interface WindowOptions {
  /** At most `limit` events in any window of `windowMs` milliseconds. */
  limit: number;
  windowMs: number;
}

export interface PacingOptions {
  /**
   * Slots of every window kept free for interactive requests while people are active (an
   * interactive request was seen within `reserveHoldMs`). Default: 0, no reserve.
   */
  reserve?: number;
  /** How long the reserve is held after the last interactive request. Default: one window. */
  reserveHoldMs?: number;
}

/** The shape every limiter offers (in-memory or Redis), so callers can swap one for the other. */
export interface RateLimiter {
  /** Default class: interactive (no pacing, no reserve), the plain sliding window. */
  tryAcquire(key: string, requestClass?: RequestClass): Promise<AcquireResult>;
  /** Refuse every acquisition on `key` for `ms` (an upstream said Retry-After). */
  pause(key: string, ms: number): Promise<void>;
}

/** Checks the pacing options against the window; the reserve must leave the background a slot. */
export function pacingOf(options: WindowOptions & PacingOptions): { reserve: number; reserveHoldMs: number } {
  const reserve = options.reserve ?? 0;
  if (!Number.isInteger(reserve) || reserve < 0 || reserve >= options.limit) {
    throw new RangeError('reserve must be an integer from 0 to limit - 1');
  }
  const reserveHoldMs = options.reserveHoldMs ?? options.windowMs;
  if (!(reserveHoldMs >= 0)) throw new RangeError('reserveHoldMs must not be negative');
  return { reserve, reserveHoldMs };
}
