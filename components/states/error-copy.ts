import { DASHBOARD_ERRORS, isDashboardErrorCode, waitText } from '@/lib/api/errors';

// What an error state says: a short headline naming what happened, the server's seller-facing
// message, and whether trying again can help.

export interface ErrorCopy {
  title: string;
  message: string;
  /** Retrying cannot fix a plan, credential or missing-shop problem; the button would mislead. */
  retryable: boolean;
}

const TITLES: Partial<Record<string, { title: string; retryable: boolean }>> = {
  FEATURE_UNAVAILABLE: { title: 'The REST API is not on your plan', retryable: false },
  UPSTREAM_CREDENTIALS: { title: 'The Reporting Service refused our credentials', retryable: false },
  SHOP_NOT_FOUND: { title: 'This shop is not available', retryable: false },
  RATE_LIMITED: { title: 'The Reporting Service is busy', retryable: true },
  UPSTREAM_UNAVAILABLE: { title: 'The Reporting Service is not responding', retryable: true },
  BAD_UPSTREAM_PAYLOAD: { title: 'The Reporting Service sent unreadable data', retryable: true },
  STORE_UNAVAILABLE: { title: "The dashboard's own store is unavailable", retryable: true },
  INTERNAL_ERROR: { title: 'Something went wrong in the dashboard', retryable: true },
  INVALID_REQUEST: { title: 'Some settings in the address are not valid', retryable: false },
  UNAUTHENTICATED: { title: 'Your session has ended', retryable: false },
};

interface ErrorLike {
  code?: string;
  message?: string;
  retryAfterSeconds?: number | null;
}

export function errorCopy(error: unknown): ErrorCopy {
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  const code = typeof e.code === 'string' ? e.code : undefined;
  const known = code ? TITLES[code] : undefined;
  let message =
    typeof e.message === 'string' && e.message
      ? e.message
      : code && isDashboardErrorCode(code)
        ? DASHBOARD_ERRORS[code].message
        : 'The dashboard could not load this data. Check your connection and try again.';
  if (code === 'RATE_LIMITED' && typeof e.retryAfterSeconds === 'number') {
    message = `The request budget of the Reporting Service is used up for now. Try again ${waitText(e.retryAfterSeconds)}.`;
  }
  return {
    title: known?.title ?? 'Something went wrong',
    message,
    retryable: known?.retryable ?? true,
  };
}
