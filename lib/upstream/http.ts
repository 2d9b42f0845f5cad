import type { z } from 'zod';
import { formatZodIssues, issuePath, type ZodIssueFormat } from '@/lib/contract/zod-issues';
import { SPEC_ERROR_CODES, UpstreamError } from './errors';
import type { UpstreamErrorCode } from './types';

// Turning typed queries into URLs and upstream responses into values or UpstreamErrors.
// Pure functions: no fetch, no clock.

type QueryValue = string | number | boolean | undefined | null;

/** `path?a=1&b=x` with keys sorted (a stable cache key) and empty values left out. */
export function buildRequestPath(path: string, query: object = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, QueryValue>).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}

const MAX_RETRY_AFTER_SECONDS = 300;

/** Retry-After as whole seconds: delta-seconds or an HTTP date (RFC 9110 10.2.3). */
export function parseRetryAfter(header: string | null, nowMs: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  let seconds: number;
  if (/^\d+$/.test(value)) seconds = Number(value);
  else {
    const date = Date.parse(value);
    if (Number.isNaN(date)) return undefined;
    seconds = Math.ceil((date - nowMs) / 1000);
  }
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(0, seconds));
}

/** "data.items[3].paidTime: expected number, received string" for the first few issues. */
const PAYLOAD_ISSUES = {
  path: 'indexed',
  root: '(root)',
  max: 3,
  stripInvalidInput: true,
} as const satisfies ZodIssueFormat;

/** Parses a 200 body with the contract's schema; anything else is BAD_UPSTREAM_PAYLOAD. */
export function parsePayload<S extends z.ZodType>(
  schema: S,
  text: string,
  requestPath: string,
  status: number,
): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UpstreamError({
      code: 'BAD_UPSTREAM_PAYLOAD',
      status,
      requestPath,
      message: 'The upstream answered with a body that is not valid JSON.',
    });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new UpstreamError({
      code: 'BAD_UPSTREAM_PAYLOAD',
      status,
      requestPath,
      message: `The upstream payload does not match the contract: ${formatZodIssues(parsed.error, PAYLOAD_ISSUES)}`,
      field: issuePath(parsed.error.issues[0]?.path ?? [], PAYLOAD_ISSUES.path) || PAYLOAD_ISSUES.root,
    });
  }
  return parsed.data;
}

interface ErrorContext {
  requestPath: string;
  shopScoped: boolean;
  nowMs: number;
  /** Strings that must never appear in a message (the app secret). */
  redact: readonly string[];
}

/** The spec fixes statuses and codes but not the body's shape, so look in the usual places. */
function codeFromBody(body: unknown): { code?: UpstreamErrorCode; message?: string } {
  if (typeof body !== 'object' || body === null) return {};
  const record = body as Record<string, unknown>;
  const error = record.error;
  const nested = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const candidates = [nested.code, record.code, typeof error === 'string' ? error : undefined, record.errorCode];
  const code = candidates.find((c): c is UpstreamErrorCode => SPEC_ERROR_CODES.includes(c as UpstreamErrorCode));
  const message = [nested.message, record.message].find((m): m is string => typeof m === 'string');
  return { code, message };
}

function codeFromStatus(status: number, shopScoped: boolean): UpstreamErrorCode {
  if (status === 400 || status === 405 || status === 422) return 'INVALID_REQUEST';
  if (status === 401) return 'INVALID_CREDENTIALS';
  if (status === 403) return 'FEATURE_UNAVAILABLE';
  // A 404 on the shop list cannot be SHOP_NOT_FOUND (docs/reporting-service.md, Errors): the base URL is wrong.
  if (status === 404) return shopScoped ? 'SHOP_NOT_FOUND' : 'UPSTREAM_UNAVAILABLE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 502 || status === 503 || status === 504) return 'UPSTREAM_UNAVAILABLE';
  if (status >= 500) return 'INTERNAL_ERROR';
  return 'UPSTREAM_UNAVAILABLE';
}

function sanitize(message: string, redact: readonly string[]): string {
  let clean = message.slice(0, 300);
  for (const secret of redact) if (secret !== '') clean = clean.split(secret).join('[redacted]');
  return clean;
}

/** An error response (any status but 200) as an UpstreamError; tolerant of any body. */
export function errorFromResponse(
  status: number,
  text: string,
  retryAfter: string | null,
  context: ErrorContext,
): UpstreamError {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const fromBody = codeFromBody(body);
  // Status decides for 429 and 5xx (retry behaviour depends on it); the body refines 4xx.
  const code =
    status === 429 || status >= 500
      ? codeFromStatus(status, context.shopScoped)
      : (fromBody.code ?? codeFromStatus(status, context.shopScoped));
  const detail = fromBody.message ? `: ${sanitize(fromBody.message, context.redact)}` : '';
  return new UpstreamError({
    code,
    status,
    requestPath: context.requestPath,
    retryAfterSeconds: status === 429 ? parseRetryAfter(retryAfter, context.nowMs) : undefined,
    message: `The upstream answered ${status} ${code}${detail}`,
  });
}
