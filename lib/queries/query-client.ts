import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';

// One retry policy, and it lives on the server: the dashboard's server already retries the
// Reporting Service with backoff inside the request budget, so any answer our API gives (a 4xx, a
// 502 after its retries, a 503 RATE_LIMITED after its waits) is final for this request. Asking again
// from the browser would stack a second retry loop on top and spend budget twice. The one failure
// the server never saw is a request that did not reach it (a dropped connection), so that alone is
// tried once more.
export const MAX_NETWORK_RETRIES = 1;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) return false;
  // fetch() rejects with a TypeError when the request never got an answer; anything else (a schema
  // mismatch of our own response, an abort) would fail the same way again.
  if (!(error instanceof TypeError)) return false;
  return failureCount < MAX_NETWORK_RETRIES;
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    },
  });
}
