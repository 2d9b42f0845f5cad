import { DASHBOARD_ERRORS, isDashboardErrorCode, waitText } from '@/lib/api/errors';

// What an error state says: a short headline naming what happened, the server's seller-facing
// message, and whether trying again can help (each code's words are lib/api/errors.ts's).

export interface ErrorCopy {
  title: string;
  message: string;
  /** Retrying cannot fix a plan, credential or missing-shop problem; the button would mislead. */
  retryable: boolean;
}

interface ErrorLike {
  code?: string;
  message?: string;
  retryAfterSeconds?: number | null;
}

export function errorCopy(error: unknown): ErrorCopy {
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  const code = typeof e.code === 'string' ? e.code : undefined;
  const known = code && isDashboardErrorCode(code) ? DASHBOARD_ERRORS[code] : undefined;
  let message =
    typeof e.message === 'string' && e.message
      ? e.message
      : (known?.message ?? 'The dashboard could not load this data. Check your connection and try again.');
  if (code === 'RATE_LIMITED' && typeof e.retryAfterSeconds === 'number') {
    message = `The request budget of the Reporting Service is used up for now. Try again ${waitText(e.retryAfterSeconds)}.`;
  }
  return {
    title: known?.title ?? 'Something went wrong',
    message,
    retryable: known?.retryable ?? true,
  };
}
