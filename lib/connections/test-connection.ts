import 'server-only';
import { SlidingWindowLimiter } from '@/lib/rate-limit/sliding-window';
import { createUpstreamClient, type FetchLike, type RequestScheduler } from '@/lib/upstream/client';
import { isUpstreamError, type UpstreamError } from '@/lib/upstream/errors';
import { Scheduler } from '@/lib/upstream/scheduler';
import { credentialsInput, type Credentials } from './input';

// The "Test connection" button (docs/ARCHITECTURE.md#connections): one read of the shop list,
// through the one upstream client (its timeout, error mapping and redaction), with no retry, and
// the answer as a sentence a seller can act on.
//
// The spec answers a wrong app key and a wrong app secret alike (401 INVALID_CREDENTIALS, "app key
// or app secret is wrong"; the embedded service even hashes a dummy secret so timing does not
// tell), so the button says that one of the two is wrong, not which.

export type ConnectionTestOutcome =
  | 'ok'
  | 'wrong-credentials'
  | 'feature-unavailable'
  | 'unreachable'
  | 'not-a-service'
  | 'rate-limited'
  | 'service-error';

export interface ConnectionTestResult {
  outcome: ConnectionTestOutcome;
  /** A sentence: what the service answered and what to do. Never the key or the secret. */
  message: string;
  /** What the service answered, as its status and code ("401 INVALID_CREDENTIALS"): for whoever
   * runs the dashboard, kept out of the seller's sentence. */
  answer?: string;
  /** ok: how many shops the key reads. */
  shops?: number;
  /** rate-limited: when to try again. */
  retryAfterSeconds?: number;
}

export interface TestConnectionOptions {
  /** Per attempt; the button waits at most this long. */
  timeoutMs?: number;
  /** The embedded service in-process, or a fake in tests; default: the network. */
  fetch?: FetchLike;
  /** The key's own scheduler when it is already connected (so the test spends its budget). */
  scheduler?: RequestScheduler;
}

const DEFAULT_TIMEOUT_MS = 5_000;

/** Why a fetch failed, in words, from Node's error codes (undici puts them on `cause`). */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  const code = cause?.code ?? (error as { code?: string } | undefined)?.code;
  if (code === 'ECONNREFUSED') return 'refused the connection (nothing listens there)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'is a name that could not be found';
  if (code === 'ECONNRESET') return 'closed the connection';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'cannot be reached from this server';
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT') || code === 'DEPTH_ZERO_SELF_SIGNED_CERT')
    return 'presented a certificate this server does not trust';
  if (/redirect/i.test(cause?.message ?? '')) return 'answered with a redirect (use the address it redirects to)';
  return 'could not be reached';
}

function describe(error: UpstreamError, host: string, timeoutMs: number, failure: unknown): ConnectionTestResult {
  const status = error.status;
  switch (error.code) {
    case 'INVALID_CREDENTIALS':
    case 'MISSING_CREDENTIALS':
      return {
        outcome: 'wrong-credentials',
        answer: `401 ${error.code}`,
        message: `The service at ${host} refused the app key or the app secret; it does not say which of the two is wrong. Copy both again from the REST API settings of your account.`,
      };
    case 'FEATURE_UNAVAILABLE':
      return {
        outcome: 'feature-unavailable',
        answer: '403 FEATURE_UNAVAILABLE',
        message: `The service at ${host} knows this key, but the REST API is not on the account's current plan. Add it to the plan, then test again.`,
      };
    case 'RATE_LIMITED': {
      const wait = error.retryAfterSeconds ?? 60;
      return {
        outcome: 'rate-limited',
        retryAfterSeconds: wait,
        answer: '429 RATE_LIMITED',
        message: `The service at ${host} is busy for this key: its requests for this minute are used up. Try again in ${wait} seconds.`,
      };
    }
    case 'BAD_UPSTREAM_PAYLOAD':
      return {
        outcome: 'not-a-service',
        message: `${host} answered, but not with a Shop Profit Reporting Service's shop list. Check the base URL: it is the service's address without /api/v1.`,
      };
    case 'INTERNAL_ERROR':
      return {
        outcome: 'service-error',
        answer: `${status ?? 500} INTERNAL_ERROR`,
        message: `The service at ${host} had a problem of its own answering. Try again later.`,
      };
    default:
      if (status === undefined)
        return {
          outcome: 'unreachable',
          message:
            failure === undefined
              ? `${host} did not answer within ${timeoutMs >= 1_000 ? `${Math.round(timeoutMs / 1_000)} seconds` : `${timeoutMs} ms`}. Check the base URL and that this server can reach it.`
              : `${host} ${networkReason(failure)}. Check the base URL and that this server can reach it.`,
        };
      if (status === 502 || status === 503 || status === 504)
        return {
          outcome: 'service-error',
          answer: `${status}`,
          message: `The service at ${host} is unavailable right now. Try again later.`,
        };
      return {
        outcome: 'not-a-service',
        answer: `${status}`,
        message: `${host} answered, but not as a Shop Profit Reporting Service does. Check the base URL: it is the service's address without /api/v1.`,
      };
  }
}

/**
 * Reads the shop list once with these credentials: ok with the number of shops, or what went
 * wrong. Input that breaks a field's rule throws a ConnectionError (the same rules as adding).
 */
export async function testConnection(
  input: Credentials,
  options: TestConnectionOptions = {},
): Promise<ConnectionTestResult> {
  const { baseUrl, appKey, appSecret } = credentialsInput(input);
  const host = new URL(baseUrl).host;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const send = options.fetch ?? ((request: Request) => fetch(request));
  let failure: unknown;
  const client = createUpstreamClient({
    baseUrl,
    appKey,
    appSecret,
    fetch: (request) =>
      send(request).catch((error: unknown) => {
        // The client keeps only "network error"; the button says which (a timeout is the client's).
        if (!request.signal.aborted) failure = error;
        throw error;
      }),
    // One request: a private budget of one, unless the key's own scheduler is given.
    scheduler:
      options.scheduler ??
      new Scheduler({ key: appKey, limiter: new SlidingWindowLimiter({ limit: 1, windowMs: 60_000 }) }),
    timeoutMs,
    maxRetries: 0,
    maxRateLimitRetries: 0,
    cacheTtlMs: 0,
  });
  try {
    const page = await client.shops({ page: 1, limit: 100 });
    const shops = page.pagination.total;
    return {
      outcome: 'ok',
      shops,
      message: `Connected: this key reads ${shops} ${shops === 1 ? 'shop' : 'shops'} at ${host}.`,
    };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    return describe(error, host, timeoutMs, failure);
  }
}
