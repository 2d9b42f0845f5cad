import { isUpstreamError } from '@/lib/upstream/errors';

// What a seller reads when a sync stops: one sentence per kind of failure, in words. Raw error
// messages (a database driver's, Redis's, an upstream body that may echo a header) never reach the
// sync status; they go to the server log only, redacted by the caller.

/** The upstream answered, but what it answered cannot be trusted as complete (a short page, a count that does not add up). */
export class SyncIntegrityError extends Error {
  override name = 'SyncIntegrityError';
}

export type SyncFailureKind =
  | 'upstream-refused'
  | 'upstream-limited'
  | 'upstream-down'
  | 'upstream-data'
  | 'incomplete'
  | 'dashboard-store'
  | 'stopped';

function failureKind(error: unknown): SyncFailureKind {
  if (error instanceof SyncIntegrityError) return 'incomplete';
  if (isUpstreamError(error)) {
    switch (error.code) {
      case 'RATE_LIMITED':
        return 'upstream-limited';
      case 'INTERNAL_ERROR':
      case 'UPSTREAM_UNAVAILABLE':
        return 'upstream-down';
      case 'BAD_UPSTREAM_PAYLOAD':
        return 'upstream-data';
      default:
        return 'upstream-refused';
    }
  }
  if (error instanceof Error && error.message === 'sync stopped') return 'stopped';
  // Everything else is the dashboard's own side: its order store (SQLite/PostgreSQL) or Redis.
  return 'dashboard-store';
}

const MESSAGES: Record<SyncFailureKind, string> = {
  'upstream-refused': 'the Reporting Service refused the requests (check the app key, its features and the shop)',
  'upstream-limited': 'the Reporting Service kept limiting requests (rate limit)',
  'upstream-down': "the Reporting Service isn't responding",
  'upstream-data': 'the Reporting Service sent data the dashboard could not read',
  incomplete: 'the Reporting Service sent fewer orders than it counted; those days will be read again',
  'dashboard-store': "the dashboard's own database or Redis failed",
  stopped: 'the server stopped',
};

/** The seller-readable reason a sync stopped. */
export function sellerMessage(error: unknown): string {
  const kind = failureKind(error);
  if (kind === 'upstream-refused' && isUpstreamError(error)) return `${MESSAGES[kind]} [${error.code}]`;
  return MESSAGES[kind];
}
