import 'server-only';
import { ZodError } from 'zod';
import { describeIssues } from '@/lib/contract';
import type { UpstreamError } from '@/lib/upstream/errors';
import { isCostInputError } from '@/lib/costs/errors';
import { badPayloadMessage, DASHBOARD_ERRORS, type DashboardErrorCode } from '@/lib/api/errors';
import {
  connectionFailureCode,
  isDashboardFailure,
  isSecretsFailure,
  isStoreFailure,
  isUpstreamFailure,
} from './error-guards';
import { redactSecrets } from './redact';
import { logger } from '@/lib/log';

// The one mapping from anything a route can throw to what the browser is told.

export interface MappedError {
  status: number;
  code: DashboardErrorCode;
  message: string;
  retryAfterSeconds?: number;
  closedMonths?: readonly string[];
}

/** When the upstream's Retry-After is missing, come back after this many seconds. */
const DEFAULT_RETRY_AFTER_SECONDS = 5;

function mapped(code: DashboardErrorCode, message = DASHBOARD_ERRORS[code].message): MappedError {
  return { status: DASHBOARD_ERRORS[code].status, code, message };
}

function mapUpstream(error: UpstreamError): MappedError {
  switch (error.code) {
    case 'MISSING_CREDENTIALS':
    case 'INVALID_CREDENTIALS':
      return mapped('UPSTREAM_CREDENTIALS');
    case 'FEATURE_UNAVAILABLE':
      return mapped('FEATURE_UNAVAILABLE');
    case 'SHOP_NOT_FOUND':
      return mapped('SHOP_NOT_FOUND');
    case 'RATE_LIMITED':
      return {
        ...mapped('RATE_LIMITED', error.sellerMessage),
        retryAfterSeconds: error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS,
      };
    case 'INVALID_REQUEST':
      return mapped('INVALID_REQUEST', `The Reporting Service rejected the request: ${redactSecrets(error.message)}`);
    case 'BAD_UPSTREAM_PAYLOAD':
      return mapped('BAD_UPSTREAM_PAYLOAD', badPayloadMessage(error.field));
    case 'INTERNAL_ERROR':
    case 'UPSTREAM_UNAVAILABLE':
      return mapped('UPSTREAM_UNAVAILABLE');
  }
}

/** Maps an error; unexpected ones are logged once with the request's id, without headers or config. */
export function mapError(error: unknown, route: string, requestId: string): MappedError {
  if (isDashboardFailure(error)) {
    const result: MappedError = { status: error.status, code: error.code, message: error.message };
    if (error.retryAfterSeconds !== undefined) result.retryAfterSeconds = error.retryAfterSeconds;
    if (error.closedMonths !== undefined) result.closedMonths = error.closedMonths;
    return result;
  }
  if (error instanceof ZodError) return mapped('INVALID_REQUEST', describeIssues(error));
  if (isCostInputError(error)) return mapped(error.code, error.message);
  const connectionCode = connectionFailureCode(error);
  if (connectionCode) return mapped(connectionCode, (error as Error).message);
  if (isSecretsFailure(error)) return mapped('SECRETS_UNAVAILABLE', error.message);
  if (isUpstreamFailure(error)) {
    const result = mapUpstream(error);
    if (result.status >= 500 && result.code !== 'RATE_LIMITED') logUpstream(error, route);
    return result;
  }
  const name = error instanceof Error ? error.name : typeof error;
  // The driver's own words go to the log only (redacted: a connection string may hold a password),
  // never to the browser.
  const message = error instanceof Error ? error.message : String(error);
  const store = isStoreFailure(error);
  logger().error(
    {
      event: store ? 'store_unavailable' : 'unexpected_error',
      requestId,
      route,
      name,
      message: redactSecrets(message),
    },
    store ? "the dashboard's data store is unavailable" : 'unexpected error',
  );
  return mapped(store ? 'STORE_UNAVAILABLE' : 'INTERNAL_ERROR');
}

function logUpstream(error: UpstreamError, route: string) {
  logger().warn(
    {
      event: 'upstream_error',
      route,
      code: error.code,
      status: error.status,
      path: redactSecrets(error.requestPath),
      message: redactSecrets(error.message),
    },
    'the Reporting Service failed',
  );
}
