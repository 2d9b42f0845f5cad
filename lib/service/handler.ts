import { randomUUID } from 'node:crypto';
import { buildOpenApiDocument } from '@/lib/contract/openapi';
import { SlidingWindowLimiter } from '@/lib/rate-limit/sliding-window';
import type { RateLimiter } from '@/lib/rate-limit/types';
import type { ServiceStore } from './store/types';
import { createAuthenticator } from './auth';
import { demoAssetAnswer, isDemoAssetPath } from './demo-assets';
import { cachedLookups } from './lookup-cache';
import {
  errorAnswer,
  jsonAnswer,
  rawJsonAnswer,
  rawPageJson,
  ServiceError,
  toResponse,
  type ServiceAnswer,
} from './errors';
import { endpointName, OPENAPI_PATH, parseQuery, requireShopId, ROUTES } from './router';

// The embedded Shop Profit Reporting Service: a framework-free Request → Response handler.
// Order of checks: endpoint exists (404) → method (405) → client IP budget (429) → credentials
// (401) → app key budget (429) → plan (403) → X-Shop-Id and query (400) →
// shop (404, 5.4) → data (200). The demo catalog's pictures are answered first (demo-assets.ts).
//
// What the limits count: the IP limit counts every request that reaches an endpoint, signed in
// or not, which also slows down guessing of keys and secrets. The app key limit counts only
// requests whose key and secret are both right: if a wrong secret counted, anyone who learned a
// key could exhaust its owner's budget.
//
// Both are lib/rate-limit's sliding-window log: "more than 60 requests in one minute" is refused
// (docs/reporting-service.md, Limits), in ANY 60-second window, so a caller cannot send 2 × limit across a minute boundary.
// Only accepted requests are logged: a client that retries too early is not punished beyond
// waiting for the oldest slot to free, which is what Retry-After says (in whole seconds, rounded up).

export interface ServiceHandlerOptions {
  store: ServiceStore;
  /** Accepted requests per app key in any 60-second window (Limits: 60). */
  ratePerMinute: number;
  /** Accepted requests per client IP in any 60-second window. */
  ipRatePerMinute: number;
  /** Clock in milliseconds, injectable for tests of the rate limits. */
  now?: () => number;
  /** How long a found credential or shop-access check is reused (default 5 s); see lookup-cache.ts. */
  lookupTtlMs?: number;
  /** Where internal errors are reported; defaults to console.error. */
  logError?: (message: string, details: Record<string, unknown>) => void;
}

export interface RequestContext {
  /** The caller's address, from the socket or a trusted proxy header. */
  clientIp?: string;
}

export interface ServiceHandler {
  handle(request: Request, context?: RequestContext): Promise<Response>;
}

/** What the handler reads of a request; a WHATWG Request is one. */
export interface ServiceRequest {
  method: string;
  /** Absolute URL. */
  url: string;
  headers: Pick<Headers, 'get'>;
}

/** The handler with its answers as plain data too, for servers that write them without a Response. */
export interface ServiceAnswerer extends ServiceHandler {
  answer(request: ServiceRequest, context?: RequestContext): Promise<ServiceAnswer>;
}

const ALLOW = { Allow: 'GET' };
/** The spec's rate-limit window (docs/reporting-service.md, Limits: per minute). */
const RATE_WINDOW_MS = 60_000;

export function createServiceHandler(options: ServiceHandlerOptions): ServiceAnswerer {
  const { store, now = Date.now } = options;
  const logError = options.logError ?? ((message, details) => console.error(message, details));
  const keyLimiter: RateLimiter = new SlidingWindowLimiter({
    limit: options.ratePerMinute,
    windowMs: RATE_WINDOW_MS,
    now,
  });
  const ipLimiter: RateLimiter = new SlidingWindowLimiter({
    limit: options.ipRatePerMinute,
    windowMs: RATE_WINDOW_MS,
    now,
  });
  const lookups = cachedLookups(store, options.lookupTtlMs ?? 5_000, now);
  const authenticate = createAuthenticator(lookups);
  let openApiJson: string | undefined;

  async function limit(limiter: RateLimiter, key: string, who: string) {
    const decision = await limiter.tryAcquire(key);
    if (decision.ok) return;
    const retryAfterSeconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
    throw new ServiceError('RATE_LIMITED', `Too many requests for this ${who}; retry after ${retryAfterSeconds} s.`, {
      'Retry-After': String(retryAfterSeconds),
    });
  }

  async function dispatch(request: ServiceRequest, context: RequestContext): Promise<ServiceAnswer> {
    const url = new URL(request.url);
    if (isDemoAssetPath(url.pathname)) {
      if (request.method !== 'GET') throw new ServiceError('METHOD_NOT_ALLOWED', 'Only GET is allowed.', ALLOW);
      const asset = demoAssetAnswer(url.pathname);
      if (!asset) throw new ServiceError('NOT_FOUND', 'No such demo picture.');
      return asset;
    }
    const name = endpointName(url.pathname);
    const route = name === null ? undefined : ROUTES.get(name);
    if (!route && name !== OPENAPI_PATH) {
      throw new ServiceError(
        'NOT_FOUND',
        'No such endpoint. The service answers GET /api/v1/shops, /api/v1/products, /api/v1/orders-by-product and /api/v1/refunds.',
      );
    }
    if (request.method !== 'GET') {
      throw new ServiceError('METHOD_NOT_ALLOWED', 'The service is read-only: only GET is allowed.', ALLOW);
    }
    await limit(ipLimiter, context.clientIp ?? 'unknown', 'client address');
    if (!route) {
      // The interface description is public: no credentials needed.
      openApiJson ??= JSON.stringify(buildOpenApiDocument());
      return rawJsonAnswer(200, openApiJson);
    }
    const credential = await authenticate(request.headers);
    await limit(keyLimiter, credential.appKey, 'app key');
    if (!credential.restFeature) {
      throw new ServiceError('FEATURE_UNAVAILABLE', 'The REST API feature is not on the current plan of this account.');
    }
    const shopId = route.shopScoped ? requireShopId(request.headers) : '';
    const query = parseQuery(route.schema, url.searchParams);
    if (route.shopScoped && !(await lookups.findShopForKey(credential.appKey, shopId))) {
      throw new ServiceError(
        'SHOP_NOT_FOUND',
        'The shop in X-Shop-Id does not exist or is not available for this app key.',
      );
    }
    const routeContext = { appKey: credential.appKey, shopId };
    const raw = route.listRaw?.(store, routeContext, query);
    if (raw) return rawJsonAnswer(200, rawPageJson(await raw));
    const page = await route.list(store, routeContext, query);
    return jsonAnswer(200, { success: true, data: page });
  }

  async function answer(request: ServiceRequest, context: RequestContext = {}): Promise<ServiceAnswer> {
    try {
      return await dispatch(request, context);
    } catch (error) {
      if (error instanceof ServiceError) return errorAnswer(error);
      // Log what helps an operator, never the request's headers (they carry the secret).
      const requestId = randomUUID();
      logError('[service] internal error', {
        requestId,
        method: request.method,
        path: URL.canParse(request.url) ? new URL(request.url).pathname : '?',
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      return errorAnswer(
        new ServiceError(
          'INTERNAL_ERROR',
          `An unexpected error occurred; please retry later (request id ${requestId}).`,
        ),
      );
    }
  }

  return {
    answer,
    handle: async (request, context) => toResponse(await answer(request, context)),
  };
}
