import { isDashboardErrorCode } from '@/lib/api/errors';
import type { DashboardError } from '@/lib/api/dashboard-error';

// Structural checks instead of `instanceof`: the bundler may place a class in more than one chunk,
// and an error thrown by one copy is then not an instance of the other (seen in the built app).

function named(error: unknown, name: string): error is Error & { code: unknown } {
  return error instanceof Error && error.name === name && 'code' in error;
}

export { isUpstreamError as isUpstreamFailure } from '@/lib/upstream/errors';

const CONNECTION_ERROR_CODES = {
  INVALID: 'INVALID_REQUEST',
  NAME_TAKEN: 'CONFLICT',
  KEY_TAKEN: 'CONFLICT',
  NOT_FOUND: 'NOT_FOUND',
} as const;

/** A refused connection change (lib/connections): its dashboard code; null for anything else. */
export function connectionFailureCode(
  error: unknown,
): (typeof CONNECTION_ERROR_CODES)[keyof typeof CONNECTION_ERROR_CODES] | null {
  if (!named(error, 'ConnectionError')) return null;
  return CONNECTION_ERROR_CODES[error.code as keyof typeof CONNECTION_ERROR_CODES] ?? null;
}

/** A secret that cannot be sealed or opened with this server's SECRETS_KEY (lib/secrets). */
export function isSecretsFailure(error: unknown): error is Error {
  return named(error, 'SecretsError');
}

export function isDashboardFailure(error: unknown): error is DashboardError {
  return named(error, 'DashboardError') && isDashboardErrorCode(error.code) && 'status' in error;
}

// Failures of the dashboard's own stores (SQLite, PostgreSQL, Redis) arrive as the drivers' errors.
// Upstream HTTP failures never do (lib/upstream wraps them in UpstreamError), so a connection error
// that reaches the error map raw came from a store.
const STORE_ERROR_NAMES = new Set(['SqliteError', 'MaxRetriesPerRequestError', 'ReplyError']);
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'EPIPE',
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
  'SQLITE_FULL',
  'SQLITE_READONLY',
]);
const CONNECTION_MESSAGES = [
  /^Connection is closed/, // ioredis
  /^Stream isn't writeable/, // ioredis, offline queue off
  /^Connection terminated/, // pg
  /^timeout exceeded when trying to connect/, // pg-pool
  /^Client has encountered a connection error/, // pg
];

function isStoreErrorItself(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (STORE_ERROR_NAMES.has(error.name)) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  // pg's DatabaseError: a server-side SQLSTATE with a severity.
  if (
    typeof code === 'string' &&
    /^[0-9A-Z]{5}$/.test(code) &&
    typeof (error as { severity?: unknown }).severity === 'string'
  )
    return true;
  if (error.name === 'AggregateError' && (error as AggregateError).errors?.some(isStoreErrorItself)) return true;
  return CONNECTION_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** True for an error of the dashboard's own database or Redis (or one caused by it). */
export function isStoreFailure(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    if (isStoreErrorItself(current)) return true;
    current = current.cause;
  }
  return false;
}
