/** The answer of a limiter: go now, or come back after `retryAfterMs`. */
export type AcquireResult = { ok: true } | { ok: false; retryAfterMs: number };

export interface WindowOptions {
  /** At most `limit` events in any window of `windowMs` milliseconds. */
  limit: number;
  windowMs: number;
}

/** The shape every limiter offers (in-memory or Redis), so callers can swap one for the other. */
export interface RateLimiter {
  tryAcquire(key: string): Promise<AcquireResult>;
  /** Refuse every acquisition on `key` for `ms` (an upstream said Retry-After). */
  pause(key: string, ms: number): Promise<void>;
}
