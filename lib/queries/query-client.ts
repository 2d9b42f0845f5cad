import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/fetch-json';

// A 4xx will not change by asking again (and a 429 has already been waited on by the server's
// scheduler), so only 5xx and network failures are retried. A 401 already sent the user to the sign-in page
// (fetchJson).
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    },
  });
}
