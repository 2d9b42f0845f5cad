import type { z } from 'zod';
import { DASHBOARD_ERRORS, isDashboardErrorCode, type DashboardErrorCode } from './errors';

// The one browser fetch wrapper of the dashboard API. Client-safe.

export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: DashboardErrorCode;
  readonly retryAfterSeconds: number | undefined;
  readonly requestId: string | undefined;

  constructor(init: { status: number; code: DashboardErrorCode; message: string; retryAfterSeconds?: number; requestId?: string }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.requestId = init.requestId;
  }
}

export interface FetchJsonOptions<S extends z.ZodType | undefined> {
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Validates `data`; without it the data is returned as `unknown`-typed T. */
  schema?: S;
  /** Go to the sign-in page on 401 UNAUTHENTICATED (default true). */
  redirectOnUnauthenticated?: boolean;
}

function retryAfter(response: Response): number | undefined {
  const value = Number(response.headers.get('retry-after'));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const error = (body as { error?: { code?: unknown; message?: unknown; requestId?: unknown } } | undefined)?.error;
  const code: DashboardErrorCode = isDashboardErrorCode(error?.code)
    ? error.code
    : response.status === 401
      ? 'UNAUTHENTICATED'
      : response.status >= 500
        ? 'UPSTREAM_UNAVAILABLE'
        : 'INVALID_REQUEST';
  return new ApiError({
    status: response.status,
    code,
    message: typeof error?.message === 'string' ? error.message : DASHBOARD_ERRORS[code].message,
    retryAfterSeconds: retryAfter(response),
    requestId: typeof error?.requestId === 'string' ? error.requestId : undefined,
  });
}

export function loginUrl(location: { pathname: string; search: string }): string {
  return `/login?next=${encodeURIComponent(location.pathname + location.search)}`;
}

/** Fetches a dashboard API path (same origin, never cached) and returns the envelope's `data`. */
export async function fetchJson<T, S extends z.ZodType | undefined = undefined>(
  path: string,
  options: FetchJsonOptions<S> = {},
): Promise<S extends z.ZodType ? z.output<S> : T> {
  // Same-origin only: the session cookie must never travel to another host.
  if (!path.startsWith('/') || path.startsWith('//')) throw new TypeError(`fetchJson takes a same-origin path, got ${path}`);
  const init: RequestInit = {
    method: options.method ?? 'GET',
    credentials: 'same-origin',
    cache: 'no-store',
    headers: { Accept: 'application/json' },
    signal: options.signal,
  };
  if (options.body !== undefined) {
    init.headers = { Accept: 'application/json', 'Content-Type': 'application/json' };
    init.body = JSON.stringify(options.body);
  }
  const response = await fetch(path, init);
  if (!response.ok) {
    const error = await toApiError(response);
    if (error.code === 'UNAUTHENTICATED' && options.redirectOnUnauthenticated !== false && typeof window !== 'undefined') {
      window.location.assign(loginUrl(window.location));
    }
    throw error;
  }
  const body = (await response.json()) as { data?: unknown };
  const data = options.schema ? options.schema.parse(body.data) : body.data;
  return data as S extends z.ZodType ? z.output<S> : T;
}
