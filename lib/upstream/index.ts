import 'server-only';
import { serverConfig, type ServerConfig } from '@/lib/config/env';
import { sharedRedis } from '@/lib/redis';
import { SlidingWindowLimiter } from '@/lib/rate-limit/sliding-window';
import { RedisSlidingWindowLimiter } from '@/lib/rate-limit/redis-sliding-window';
import type { RateLimiter } from '@/lib/rate-limit/types';
import { createUpstreamClient, type FetchLike } from './client';
import { reserveFor, Scheduler, SchedulerRegistry } from './scheduler';
import type { UpstreamClient } from './types';
import { logWarning } from '@/lib/log';

// The process's one upstream client, built from server configuration. With UPSTREAM_BASE_URL it
// speaks HTTP; without, it sends the same Request objects to the embedded service in-process
// (imported lazily, so a real-upstream deployment never opens the service's store).

export { createUpstreamClient, type RequestScheduler, type UpstreamClientOptions } from './client';
export { UpstreamError } from './errors';
export { Scheduler } from './scheduler';
export { fetchAllRefunds, iteratePages, listOrdersAcrossWindows, splitRange } from './paging';
export type { UpstreamClient } from './types';

export const EMBEDDED_BASE_URL = 'http://embedded.invalid';
/** Our window is one second longer than the upstream's minute: clock skew and latency jitter. */
export const SAFETY_MARGIN_MS = 1_000;

interface UpstreamGlobals {
  client?: UpstreamClient;
  registry?: SchedulerRegistry;
}

// globalThis survives Next's dev-mode module reloads, so the budget is not reset by an edit.
const globals = globalThis as typeof globalThis & { __spdUpstream?: UpstreamGlobals };
const state = (globals.__spdUpstream ??= {});

function createLimiter(config: ServerConfig): RateLimiter {
  const limit = config.upstream.ratePerMinute;
  const options = { limit, windowMs: 60_000 + SAFETY_MARGIN_MS, reserve: reserveFor(limit) };
  if (!config.redisUrl) return new SlidingWindowLimiter(options);
  return new RedisSlidingWindowLimiter({ ...options, redis: sharedRedis(config.redisUrl), prefix: 'spd:upstream' });
}

/** The scheduler that owns an app key's budget in this process (the configured key's by default). */
export function getUpstreamScheduler(appKey?: string): Scheduler {
  const config = serverConfig();
  state.registry ??= new SchedulerRegistry(
    (key) =>
      new Scheduler({
        key,
        limiter: createLimiter(config),
        onLimiterError: (error) => logWarning('upstream', 'rate limiter unavailable', error),
      }),
  );
  return state.registry.get(appKey ?? config.upstream.appKey);
}

const embeddedFetch: FetchLike = async (request) => {
  const { getEmbeddedService } = await import('@/lib/service');
  return (await getEmbeddedService()).handle(request, { clientIp: '127.0.0.1' });
};

/**
 * How a client reaches `baseUrl`: in-process for the embedded service's address while the embedded
 * service is the upstream (no UPSTREAM_BASE_URL), over HTTP otherwise.
 */
export function fetchFor(baseUrl: string): FetchLike | undefined {
  return baseUrl === EMBEDDED_BASE_URL && serverConfig().upstream.baseUrl === null ? embeddedFetch : undefined;
}

/** A client of one key at one address, with that key's own scheduler (its budget). */
export function createKeyClient(credentials: { baseUrl: string; appKey: string; appSecret: string }): UpstreamClient {
  return createUpstreamClient({
    ...credentials,
    fetch: fetchFor(credentials.baseUrl),
    scheduler: getUpstreamScheduler(credentials.appKey),
    timeoutMs: serverConfig().upstream.timeoutMs,
  });
}

/** The client of the configured key (the first connection). */
export function getUpstreamClient(): UpstreamClient {
  if (state.client) return state.client;
  const config = serverConfig();
  state.client = createKeyClient({
    baseUrl: config.upstream.baseUrl ?? EMBEDDED_BASE_URL,
    appKey: config.upstream.appKey,
    appSecret: config.upstream.appSecret,
  });
  return state.client;
}
