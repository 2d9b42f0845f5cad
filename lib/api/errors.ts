// The dashboard API's error codes and the messages a seller reads. Client-safe: the UI imports the
// codes to decide what to show; the server maps every failure to one of them (lib/server/error-map).

export const DASHBOARD_ERROR_CODES = [
  'INVALID_REQUEST',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAUTHENTICATED',
  'INVALID_TOKEN',
  'TOKEN_READ_ONLY',
  'TOO_MANY_REQUESTS',
  'WRONG_PASSWORD',
  'TOO_MANY_ATTEMPTS',
  'FORBIDDEN_ORIGIN',
  'FORBIDDEN_ROLE',
  'LINK_EXPIRED',
  'WRONG_SETUP_TOKEN',
  'SHOP_NOT_FOUND',
  'NOT_FOUND',
  'CONFLICT',
  'NOTHING_TO_UNDO',
  'NOT_SYNCED_YET',
  'ACCOUNTS_UNMAPPED',
  'CLOSED_MONTHS',
  'FEATURE_UNAVAILABLE',
  'UPSTREAM_CREDENTIALS',
  'RATE_LIMITED',
  'UPSTREAM_UNAVAILABLE',
  'BAD_UPSTREAM_PAYLOAD',
  'STORE_UNAVAILABLE',
  'SECRETS_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;

export type DashboardErrorCode = (typeof DASHBOARD_ERROR_CODES)[number];

/**
 * Each code's HTTP status and the sentence a seller reads when the server sends none of its own;
 * for the codes an error state shows, its headline (`title`) and whether trying again can help
 * (`retryable`: a plan, a credential or a missing shop is not fixed by a retry).
 */
export interface DashboardErrorEntry {
  status: number;
  message: string;
  title?: string;
  retryable?: boolean;
}

export const DASHBOARD_ERRORS: Record<DashboardErrorCode, DashboardErrorEntry> = {
  INVALID_REQUEST: {
    status: 400,
    message: 'The request is not valid.',
    title: 'Some settings in the address are not valid',
    retryable: false,
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: 'Send the body as application/json (Content-Type: application/json); nothing was changed.',
  },
  UNAUTHENTICATED: {
    status: 401,
    message: 'Your session has ended. Sign in again.',
    title: 'Your session has ended',
    retryable: false,
  },
  // An access token or live link that is wrong, revoked, expired or whose person lost access: one
  // answer for all of them (lib/session/bearer), so a guess learns nothing.
  INVALID_TOKEN: {
    status: 401,
    message:
      'This access token or live link is not valid: it is wrong, revoked or expired, or its person no longer has access.',
    title: 'This access token is not valid',
    retryable: false,
  },
  TOKEN_READ_ONLY: {
    status: 403,
    message: 'An access token can only read; sign in to the dashboard to change anything. Nothing was changed.',
  },
  TOO_MANY_REQUESTS: {
    status: 429,
    message: 'Too many requests with this access token; wait a minute and try again.',
  },
  WRONG_PASSWORD: { status: 401, message: 'That email and password do not match.' },
  TOO_MANY_ATTEMPTS: { status: 429, message: 'Too many sign-in attempts. Try again later.' },
  FORBIDDEN_ORIGIN: { status: 403, message: 'This request did not come from the dashboard itself, so it was refused.' },
  // A signed-in person whose role or access does not include this (the server's message says which).
  FORBIDDEN_ROLE: { status: 403, message: 'Your role does not allow this; nothing was changed.' },
  LINK_EXPIRED: {
    status: 410,
    message: 'This link has expired or was already used. Ask the owner or an admin for a new one.',
  },
  // The first owner's set-up asks for the token the server printed at start (lib/team/setup-token).
  WRONG_SETUP_TOKEN: {
    status: 403,
    message:
      "The set-up token is missing or wrong: it is printed in the server's output (its console or log) when it starts.",
  },
  SHOP_NOT_FOUND: {
    status: 404,
    // One sentence whoever asks and whatever the shop: true of a shop that does not exist and of one
    // not granted to this person alike, so the answer never says which (docs/ARCHITECTURE.md#team-access).
    message: 'This shop is not among the shops you can open.',
    title: 'This shop is not available',
    retryable: false,
  },
  // The seller's own cost inputs (the server's messages name the entry or the clash).
  NOT_FOUND: {
    status: 404,
    message: 'That entry no longer exists (it was deleted or undone). Reload to see the current list.',
  },
  CONFLICT: {
    status: 409,
    message: 'That change clashes with another entry or with a change made meanwhile. Reload and try again.',
  },
  NOTHING_TO_UNDO: { status: 409, message: 'There is nothing to undo.' },
  // An export is the whole range or nothing: the upstream is read by the sync, not by a click.
  NOT_SYNCED_YET: {
    status: 409,
    message:
      'This range is still being synced into the dashboard; its export is available as soon as every day is stored.',
  },
  // A journal posts every line to an account: one without any is named, never left out.
  ACCOUNTS_UNMAPPED: {
    status: 409,
    message: 'Map every line of this month to an account on the journal accounts page first; nothing was exported.',
  },
  // A write into a closed month waits for the person to confirm it (X-Confirm-Closed-Months).
  CLOSED_MONTHS: {
    status: 409,
    message:
      'This change falls in closed months: confirm it to book it as adjustments to closed periods in the first open month.',
  },
  FEATURE_UNAVAILABLE: {
    status: 403,
    message:
      'The REST API is not included in your plan. Enable the REST API feature in your account settings or upgrade your plan.',
    title: 'The REST API is not on your plan',
    retryable: false,
  },
  // The server's SECRETS_KEY cannot seal or open a connection's secret (the server's message says why).
  SECRETS_UNAVAILABLE: {
    status: 503,
    message:
      "The server cannot open the connections' secrets: its SECRETS_KEY is missing or another than they were sealed with.",
  },
  UPSTREAM_CREDENTIALS: {
    status: 502,
    message:
      "The dashboard's server credentials for the Reporting Service are wrong. Check UPSTREAM_APP_KEY and UPSTREAM_APP_SECRET.",
    title: 'The Reporting Service refused our credentials',
    retryable: false,
  },
  // The server has already waited and retried inside the budget; nothing retries after this answer.
  RATE_LIMITED: {
    status: 503,
    message: 'The Reporting Service is busy (rate limit), even after waiting for it. Try again in a moment.',
    title: 'The Reporting Service is busy',
    retryable: true,
  },
  UPSTREAM_UNAVAILABLE: {
    status: 502,
    message: "The Reporting Service isn't responding right now. Try again in a moment.",
    title: 'The Reporting Service is not responding',
    retryable: true,
  },
  BAD_UPSTREAM_PAYLOAD: {
    status: 502,
    message: 'The Reporting Service sent data we could not read.',
    title: 'The Reporting Service sent unreadable data',
    retryable: true,
  },
  // The dashboard's own database or Redis, not the Reporting Service: saying "the Reporting Service
  // isn't responding" here would send the seller (and whoever runs the dashboard) to the wrong place.
  STORE_UNAVAILABLE: {
    status: 503,
    message:
      "The dashboard's own data store (its database or Redis) is unavailable right now; the Reporting Service is not the problem. Try again in a minute, or tell whoever runs the dashboard.",
    title: "The dashboard's own store is unavailable",
    retryable: true,
  },
  INTERNAL_ERROR: {
    status: 500,
    message: 'Something went wrong in the dashboard. Try again in a moment.',
    title: 'Something went wrong in the dashboard',
    retryable: true,
  },
};

export function isDashboardErrorCode(value: unknown): value is DashboardErrorCode {
  return typeof value === 'string' && (DASHBOARD_ERROR_CODES as readonly string[]).includes(value);
}

/** "in 1 minute", "in 15 minutes": rounded up so the wait is never shorter than said. */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? 'in 1 minute' : `in ${minutes} minutes`;
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return `Too many sign-in attempts. Try again ${waitText(retryAfterSeconds)}.`;
}

/** Warns before the throttle pauses sign-in, and says for how long once it has. */
export function wrongPasswordMessage(verdict: { remaining: number } | { retryAfterSeconds: number }): string {
  if ('retryAfterSeconds' in verdict) {
    return `${DASHBOARD_ERRORS.WRONG_PASSWORD.message} Too many attempts: try again ${waitText(verdict.retryAfterSeconds)}.`;
  }
  const { remaining } = verdict;
  if (remaining > 2) return DASHBOARD_ERRORS.WRONG_PASSWORD.message;
  return `${DASHBOARD_ERRORS.WRONG_PASSWORD.message} ${remaining === 1 ? '1 attempt' : `${remaining} attempts`} left before sign-in is paused.`;
}

export function badPayloadMessage(field: string | undefined): string {
  return field
    ? `The Reporting Service sent data we could not read (field ${field}).`
    : DASHBOARD_ERRORS.BAD_UPSTREAM_PAYLOAD.message;
}

/** The body of every failed dashboard API response: written by the server, read by lib/api/api-error. */
export interface ApiErrorBody {
  success: false;
  /** `closedMonths`: with CLOSED_MONTHS, the months a write would change (`YYYY-MM`), to confirm. */
  error: { code: DashboardErrorCode; message: string; requestId?: string; closedMonths?: string[] };
}

/**
 * The error of a failed answer's body, or undefined when the body is not ours. Checked by hand, not
 * with zod: this runs in every page's bundle, and zod would add ~26 kB (gzip) to each.
 */
export function errorOfBody(json: unknown): ApiErrorBody['error'] | undefined {
  if (typeof json !== 'object' || json === null || (json as { success?: unknown }).success !== false) return undefined;
  const error = (json as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, requestId, closedMonths } = error as Record<string, unknown>;
  if (!isDashboardErrorCode(code) || typeof message !== 'string') return undefined;
  if (requestId !== undefined && typeof requestId !== 'string') return undefined;
  const out: ApiErrorBody['error'] = requestId === undefined ? { code, message } : { code, message, requestId };
  if (Array.isArray(closedMonths) && closedMonths.every((m) => typeof m === 'string'))
    out.closedMonths = closedMonths as string[];
  return out;
}
