import { vi } from 'vitest';
import { SlidingWindowLimiter } from '@/lib/rate-limit';
import { createUpstreamClient, type UpstreamClientOptions } from '@/lib/upstream/client';
import { Scheduler } from '@/lib/upstream/scheduler';
import { APP_KEY, APP_SECRET, createFakeUpstream } from './fake-upstream';

export function setup(overrides: Partial<UpstreamClientOptions> = {}) {
  const upstream = createFakeUpstream();
  const scheduler = new Scheduler({ key: APP_KEY, limiter: new SlidingWindowLimiter({ limit: 60, windowMs: 61_000 }) });
  const client = createUpstreamClient({
    baseUrl: 'http://upstream.test/',
    appKey: APP_KEY,
    appSecret: APP_SECRET,
    fetch: upstream.handle,
    scheduler,
    timeoutMs: 1_000,
    maxRetries: 3,
    cacheTtlMs: 10_000,
    random: () => 1,
    ...overrides,
  });
  return { upstream, client, scheduler };
}

export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Runs fake time forward until `promise` settles (bounded), and reports how it settled. */
export async function settle<T>(promise: Promise<T>, maxMs = 30 * 60_000): Promise<Settled<T>> {
  let outcome: Settled<T> | undefined;
  promise.then(
    (value) => (outcome = { ok: true, value }),
    (error: unknown) => (outcome = { ok: false, error }),
  );
  for (let elapsed = 0; outcome === undefined && elapsed < maxMs; elapsed += 50) await vi.advanceTimersByTimeAsync(50);
  if (outcome === undefined) throw new Error(`still pending after ${maxMs} ms of fake time`);
  return outcome;
}

export function errorOf<T>(settled: Settled<T>): Record<string, unknown> {
  if (settled.ok) throw new Error('expected the call to fail, but it returned data');
  return settled.error as Record<string, unknown>;
}
