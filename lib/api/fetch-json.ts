import { readApiError } from './api-error';

// The one browser fetch wrapper of the dashboard API. Client-safe.

export interface FetchJsonOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Go to the sign-in page on 401 UNAUTHENTICATED (default true). */
  redirectOnUnauthenticated?: boolean;
  /** More request headers (a write confirming the closed months it changes: X-Confirm-Closed-Months). */
  headers?: Record<string, string>;
}

export function loginUrl(location: { pathname: string; search: string }): string {
  return `/login?next=${encodeURIComponent(location.pathname + location.search)}`;
}

/** Fetches a dashboard API path (same origin, never cached) and returns the envelope's `data`; a failure throws an ApiError. */
export async function fetchJson<T>(path: string, options: FetchJsonOptions = {}): Promise<T> {
  // Same-origin only: the session cookie must never travel to another host.
  if (!path.startsWith('/') || path.startsWith('//'))
    throw new TypeError(`fetchJson takes a same-origin path, got ${path}`);
  const init: RequestInit = {
    method: options.method ?? 'GET',
    credentials: 'same-origin',
    cache: 'no-store',
    headers: { Accept: 'application/json', ...options.headers },
    signal: options.signal,
  };
  if (options.body !== undefined) {
    init.headers = { Accept: 'application/json', 'Content-Type': 'application/json', ...options.headers };
    init.body = JSON.stringify(options.body);
  }
  const response = await fetch(path, init);
  if (!response.ok) {
    const error = await readApiError(response);
    if (
      error.code === 'UNAUTHENTICATED' &&
      options.redirectOnUnauthenticated !== false &&
      typeof window !== 'undefined'
    ) {
      window.location.assign(loginUrl(window.location));
    }
    throw error;
  }
  const body = (await response.json()) as { data?: unknown };
  return body.data as T;
}
