// The embedded service's own rate limiter: a sliding-window log per key (app key or client IP).
// The spec says "more than 60 requests in one minute" is refused, so a request is accepted only
// while fewer than `limit` accepted requests lie inside the last `windowMs`; a fixed window would
// let a caller send 2 × limit across a minute boundary.
//
// Only accepted requests are logged: a refused request does not consume budget, so a client that
// retries too early is not punished beyond waiting for the oldest slot to free.

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  take(key: string): RateDecision;
}

export interface RateLimiterOptions {
  limit: number;
  windowMs?: number;
  now?: () => number;
}

/** Timestamps of accepted requests, oldest first; `start` skips expired ones without shifting. */
interface Log {
  times: number[];
  start: number;
}

const SWEEP_EVERY = 1_000;

export function createRateLimiter({ limit, windowMs = 60_000, now = Date.now }: RateLimiterOptions): RateLimiter {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
  const logs = new Map<string, Log>();
  let calls = 0;

  function expire(log: Log, cutoff: number) {
    while (log.start < log.times.length && (log.times[log.start] as number) <= cutoff) log.start += 1;
    // Compact once the dead prefix dominates, keeping memory bounded by the live entries.
    if (log.start > 64 && log.start * 2 > log.times.length) {
      log.times = log.times.slice(log.start);
      log.start = 0;
    }
  }

  /** Drops idle keys (e.g. one-off client IPs) so the map does not grow without bound. */
  function sweep(cutoff: number) {
    for (const [key, log] of logs) {
      const newest = log.times[log.times.length - 1];
      if (newest === undefined || newest <= cutoff) logs.delete(key);
    }
  }

  return {
    take(key) {
      const t = now();
      const cutoff = t - windowMs;
      calls += 1;
      if (calls % SWEEP_EVERY === 0) sweep(cutoff);
      let log = logs.get(key);
      if (!log) {
        log = { times: [], start: 0 };
        logs.set(key, log);
      }
      expire(log, cutoff);
      if (log.times.length - log.start < limit) {
        log.times.push(t);
        return { allowed: true };
      }
      const oldest = log.times[log.start] as number;
      // The oldest accepted request leaves the window at oldest + windowMs; round up to whole seconds.
      const retryAfterSeconds = Math.max(1, Math.ceil((oldest + windowMs - t) / 1000));
      return { allowed: false, retryAfterSeconds };
    },
  };
}
