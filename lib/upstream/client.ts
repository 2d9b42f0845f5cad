import { z } from 'zod';
import { CACHE_LIMITS, ENTRY_BYTES } from '@/lib/config/cache-limits';
import { jsonBytes } from '@/lib/config/caches';
import { listEnvelopeSchema, orderSchema, productSchema, refundDaySchema, shopSchema, type Page } from '@/lib/contract';
import { sleep, systemTimers, type Timers } from '@/lib/rate-limit/clock';
import { deepFreeze, Flights, TtlCache } from './cache';
import { UpstreamError } from './errors';
import { buildRequestPath, errorFromResponse, parsePayload } from './http';
import { isQueueRefusal, type QueueRefusal, type ScheduleOptions } from './scheduler';
import type { CallOptions, Priority, UpstreamClient } from './types';
import { countUpstreamRequest } from '@/lib/metrics';

// The typed client of the four endpoints. Every call: cache → coalesce → scheduler slot → fetch
// with a timeout → validate; 429 pauses the key's queue and retries, 5xx/network/timeouts retry
// with full-jitter exponential backoff, other 4xx fail at once. Headers (and so the secret) never
// reach an error, a log line or a cache key.

export type FetchLike = (request: Request) => Promise<Response>;

export interface RequestScheduler {
  schedule<T>(task: () => Promise<T>, options?: ScheduleOptions): Promise<T>;
  pause(ms: number): void;
}

export interface UpstreamClientOptions {
  baseUrl: string;
  appKey: string;
  appSecret: string;
  scheduler: RequestScheduler;
  fetch?: FetchLike;
  /** Per attempt, from send to the last byte of the body. */
  timeoutMs?: number;
  /** Retries after 500s, network errors and timeouts. */
  maxRetries?: number;
  /** Retries after 429s (each waits for Retry-After). */
  maxRateLimitRetries?: number;
  /** How long a successful GET is served from memory; 0 turns the cache off. */
  cacheTtlMs?: number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
  timers?: Timers;
  random?: () => number;
}

const endpoints = {
  // One shop with a malformed time zone must not make the whole list unreadable: the list's items
  // keep any time zone text, and the dashboard sets the shops it cannot use aside (with the reason).
  shops: {
    path: '/api/v1/shops',
    schema: listEnvelopeSchema(shopSchema.extend({ timezone: z.string() })),
    shopScoped: false,
  },
  products: { path: '/api/v1/products', schema: listEnvelopeSchema(productSchema), shopScoped: true },
  orders: { path: '/api/v1/orders-by-product', schema: listEnvelopeSchema(orderSchema), shopScoped: true },
  refunds: { path: '/api/v1/refunds', schema: listEnvelopeSchema(refundDaySchema), shopScoped: true },
} as const;

type Endpoint = (typeof endpoints)[keyof typeof endpoints];
type Outcome = { ok: true; value: object } | { ok: false; error: UpstreamError };

const DEFAULT_RETRY_AFTER_SECONDS = 2;

/** A full queue or a missed deadline, as the 503 a person reads: what happened and when to retry. */
function queueError(refusal: QueueRefusal, requestPath: string): UpstreamError {
  const retryAfterSeconds = Math.max(1, Math.ceil(refusal.retryAfterMs / 1000));
  const sellerMessage =
    refusal.reason === 'full'
      ? `Too many views are waiting for the Reporting Service right now (it answers a limited number of requests a minute). Try again in ${retryAfterSeconds} seconds.`
      : `The Reporting Service's request budget is taken by other work right now, so this view could not be loaded in time. Try again in ${retryAfterSeconds} seconds.`;
  return new UpstreamError({
    code: 'RATE_LIMITED',
    requestPath,
    retryAfterSeconds,
    sellerMessage,
    message: refusal.message,
  });
}

/** Rejects with the signal's reason as soon as it aborts, even if `promise` ignores the signal. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient & { clearCache(): void } {
  const {
    appKey,
    appSecret,
    scheduler,
    fetch: fetchFn = (request: Request) => fetch(request),
    timeoutMs = 10_000,
    maxRetries = 3,
    maxRateLimitRetries = 4,
    cacheTtlMs = CACHE_LIMITS.upstreamResponses.ttlMs,
    backoffBaseMs = 250,
    backoffCapMs = 8_000,
    timers = systemTimers,
    random = Math.random,
  } = options;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const cache = new TtlCache<object>(
    'upstreamResponses',
    cacheTtlMs,
    () => timers.now(),
    (value) => jsonBytes(value) * ENTRY_BYTES.upstreamJsonByte,
  );
  const flights = new Flights<unknown>();
  /** The priority of each in-flight request: raised when an interactive caller joins a background one. */
  const flightPriority = new Map<string, { value: Priority }>();
  /** Since when requests have been sent without the upstream answering any (ms), or null. */
  let unansweredSince: number | null = null;
  let lastAnswerAt: number | null = null;

  async function attempt(
    endpoint: Endpoint,
    requestPath: string,
    shopId: string | undefined,
    outer: AbortSignal,
  ): Promise<Outcome> {
    const timeout = new AbortController();
    const timer = timers.setTimeout(() => timeout.abort(new Error('timeout')), timeoutMs);
    const signal = AbortSignal.any([outer, timeout.signal]);
    const headers = new Headers({ Accept: 'application/json', 'X-App-Key': appKey, 'X-App-Secret': appSecret });
    if (shopId !== undefined) headers.set('X-Shop-Id', shopId);
    unansweredSince ??= timers.now();
    try {
      // redirect: 'error' because a redirect would carry the secret header to wherever it points.
      const request = new Request(baseUrl + requestPath, { method: 'GET', headers, signal, redirect: 'error' });
      const response = await raceAbort(fetchFn(request), signal);
      countUpstreamRequest(appKey, endpoint.path.replace('/api/v1/', ''), response.status);
      lastAnswerAt = timers.now();
      unansweredSince = null;
      const text = await raceAbort(response.text(), signal);
      if (response.status === 200) {
        return { ok: true, value: parsePayload(endpoint.schema, text, requestPath, 200).data };
      }
      const context = { requestPath, shopScoped: endpoint.shopScoped, nowMs: timers.now(), redact: [appSecret] };
      return {
        ok: false,
        error: errorFromResponse(response.status, text, response.headers.get('retry-after'), context),
      };
    } catch (error) {
      if (outer.aborted) throw outer.reason;
      if (error instanceof UpstreamError) return { ok: false, error };
      const timedOut = timeout.signal.aborted;
      countUpstreamRequest(appKey, endpoint.path.replace('/api/v1/', ''), timedOut ? 'timeout' : 'network');
      return {
        ok: false,
        error: new UpstreamError({
          code: 'UPSTREAM_UNAVAILABLE',
          requestPath,
          message: timedOut
            ? `The upstream did not answer within ${timeoutMs} ms.`
            : 'The upstream could not be reached (network error).',
        }),
      };
    } finally {
      timers.clearTimeout(timer);
    }
  }

  async function execute(
    endpoint: Endpoint,
    requestPath: string,
    shopId: string | undefined,
    priority: () => Priority,
    signal: AbortSignal,
  ) {
    let failures = 0;
    let rateLimited = 0;
    for (;;) {
      const outcome = await scheduler
        .schedule(() => attempt(endpoint, requestPath, shopId, signal), { priority, signal })
        .catch((error: unknown) => {
          throw isQueueRefusal(error) ? queueError(error, requestPath) : error;
        });
      if (outcome.ok) return deepFreeze(outcome.value);
      const { error } = outcome;
      if (error.code === 'RATE_LIMITED') {
        // The pause holds every queued call of this key, this retry included.
        scheduler.pause((error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS) * 1000);
        if (rateLimited++ < maxRateLimitRetries) continue;
        throw error;
      }
      // 5xx, timeouts and network errors (no status) may pass; a 4xx or a bad payload will not.
      const retryable = error.code !== 'BAD_UPSTREAM_PAYLOAD' && (error.status === undefined || error.status >= 500);
      if (!retryable || failures >= maxRetries) throw error;
      // Full jitter: a random wait up to an exponentially growing ceiling spreads retries out.
      await sleep(random() * Math.min(backoffCapMs, backoffBaseMs * 2 ** failures), timers, signal);
      failures += 1;
    }
  }

  async function get<T>(
    endpoint: Endpoint,
    shopId: string | undefined,
    query: object,
    options: CallOptions = {},
  ): Promise<Page<T>> {
    const requestPath = buildRequestPath(endpoint.path, query);
    if (endpoint.shopScoped && (shopId === undefined || shopId.trim() === '')) {
      throw new UpstreamError({
        code: 'INVALID_REQUEST',
        requestPath,
        message: 'A shop id is required for this endpoint.',
      });
    }
    const key = `${shopId ?? ''}\n${requestPath}`;
    if (!options.bypassCache) {
      const hit = cache.get(key);
      if (hit !== undefined) return hit as Page<T>;
    }
    const priority = options.priority ?? 'interactive';
    const joined = flightPriority.get(key);
    if (joined && priority === 'interactive') joined.value = 'interactive';
    const value = await flights.join(
      key,
      async (signal) => {
        const shared = { value: priority };
        flightPriority.set(key, shared);
        try {
          const result = await execute(endpoint, requestPath, shopId, () => shared.value, signal);
          cache.set(key, result);
          return result;
        } finally {
          flightPriority.delete(key);
        }
      },
      options.signal,
    );
    return value as Page<T>;
  }

  return {
    shops: (query = {}, options) => get(endpoints.shops, undefined, query, options),
    products: (shopId, query = {}, options) => get(endpoints.products, shopId, query, options),
    orders: (shopId, query = {}, options) => get(endpoints.orders, shopId, query, options),
    refunds: (shopId, query, options) => get(endpoints.refunds, shopId, query, options),
    health: () => ({
      unansweredForMs: unansweredSince === null ? null : timers.now() - unansweredSince,
      lastAnswerAt,
    }),
    clearCache: () => cache.clear(),
  };
}
