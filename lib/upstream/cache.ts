import type { LRUCache } from 'lru-cache';
import type { CacheName } from '@/lib/config/cache-limits';
import { boundedCache } from '@/lib/config/caches';

// The client's memory of recent and in-flight GETs. Values are deep-frozen: one cached page is
// handed to many callers, so none of them may change it for the others.

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * Values kept for `ttlMs` after they were written (a read does not extend them), bounded by the
 * bytes `size` counts (lib/config/caches: the limit of `name`), the oldest write evicted first. A
 * TTL of 0 or less caches nothing (lru-cache's 0 would mean "forever").
 */
export class TtlCache<V extends NonNullable<unknown>> {
  private readonly entries: LRUCache<string, V> | undefined;

  constructor(name: CacheName, ttlMs: number, now: () => number, size: (value: V) => number, maxBytes?: number) {
    // The injected clock is read on every check (ttlResolution 0), so a fake clock is exact.
    if (ttlMs > 0) this.entries = boundedCache<string, V>(name, { size, now, ttlMs, owned: true, maxBytes });
  }

  /** peek, not get: a read does not move an entry, so eviction stays oldest write first. */
  get(key: string): V | undefined {
    return this.entries?.peek(key);
  }

  set(key: string, value: V): void {
    this.entries?.set(key, value);
  }

  clear(): void {
    this.entries?.clear();
  }
}

/**
 * One upstream request shared by every identical concurrent call. It is aborted only when every
 * caller that joined it with a signal has aborted, and no caller joined without one.
 */
export class Flights<V> {
  /** Bound: the requests in flight (each entry leaves when its request settles or aborts); the scheduler caps how many run. */
  private readonly flights = new Map<string, { promise: Promise<V>; controller: AbortController; holders: number }>();

  join(key: string, start: (signal: AbortSignal) => Promise<V>, signal?: AbortSignal): Promise<V> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    let flight = this.flights.get(key);
    if (!flight) {
      const controller = new AbortController();
      const promise = start(controller.signal).finally(() => this.flights.delete(key));
      flight = { promise, controller, holders: 0 };
      this.flights.set(key, flight);
      // Joiners handle the outcome; this keeps an abandoned flight from an unhandled rejection.
      promise.catch(() => undefined);
    }
    const current = flight;
    current.holders += 1;
    if (!signal) return current.promise;
    return new Promise<V>((resolve, reject) => {
      const onAbort = () => {
        current.holders -= 1;
        if (current.holders === 0) current.controller.abort(signal.reason);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      current.promise.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  get size(): number {
    return this.flights.size;
  }
}
