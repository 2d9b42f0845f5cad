// Time as a dependency: the limiter, the scheduler and the client read the clock and set timers
// only through this interface, so tests can drive minutes of traffic with a fake clock.

export interface Timers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The real clock. Globals are read at call time so test runners that fake timers still apply. */
export const systemTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The real clock for background chores (heartbeats): its timers never keep the process alive. */
export const backgroundTimers: Timers = {
  ...systemTimers,
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms).unref(),
};

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, timers: Timers = systemTimers, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      timers.clearTimeout(handle);
      reject(signal?.reason);
    };
    const handle = timers.setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * `work`'s outcome, or `onLate()`'s when `ms` pass first (its value, or its throw as a rejection).
 * The work goes on either way; only the wait for it ends.
 */
export function beforeDeadline<T, U>(
  work: Promise<T>,
  ms: number,
  onLate: () => U,
  timers: Timers = systemTimers,
): Promise<T | U> {
  let handle: unknown;
  const late = new Promise<U>((resolve, reject) => {
    handle = timers.setTimeout(
      () => {
        try {
          resolve(onLate());
        } catch (error) {
          reject(error);
        }
      },
      Math.max(0, ms),
    );
  });
  return Promise.race([work, late]).finally(() => timers.clearTimeout(handle));
}
