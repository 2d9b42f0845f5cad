// The client's memory of recent and in-flight GETs. Values are deep-frozen: one cached page is
// handed to many callers, so none of them may change it for the others.

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly maxEntries = 500,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
    // Maps iterate in insertion order, so the first key is the oldest write.
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * One upstream request shared by every identical concurrent call. It is aborted only when every
 * caller that joined it with a signal has aborted, and no caller joined without one.
 */
export class Flights<V> {
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
