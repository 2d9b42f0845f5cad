import type { UpstreamErrorCode } from './types';

// What the dashboard knows about a failed upstream call. It carries the request path (with its
// query) but never headers, so the app key and secret cannot leak through an error.

export interface UpstreamErrorInit {
  code: UpstreamErrorCode;
  message: string;
  requestPath: string;
  status?: number;
  retryAfterSeconds?: number;
  /** Words for the person waiting, when the failure is ours (a full queue), not the upstream's. */
  sellerMessage?: string;
  /** BAD_UPSTREAM_PAYLOAD: the JSON path of the first value that broke the contract (data.items[3].paidTime). */
  field?: string;
  cause?: unknown;
}

export class UpstreamError extends Error {
  override name = 'UpstreamError';
  readonly code: UpstreamErrorCode;
  readonly status: number | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly requestPath: string;
  readonly sellerMessage: string | undefined;
  readonly field: string | undefined;

  constructor(init: UpstreamErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.requestPath = init.requestPath;
    this.sellerMessage = init.sellerMessage;
    this.field = init.field;
  }

  toJSON() {
    return {
      name: this.name,
      code: this.code,
      status: this.status,
      message: this.message,
      requestPath: this.requestPath,
      retryAfterSeconds: this.retryAfterSeconds,
    };
  }
}

/**
 * A structural check rather than `instanceof`: the bundler may place this class in more than one
 * chunk, and an error thrown by one copy is then not an instance of the other (seen in the built app).
 */
export function isUpstreamError(error: unknown): error is UpstreamError {
  return (
    error instanceof Error &&
    error.name === 'UpstreamError' &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { requestPath?: unknown }).requestPath === 'string'
  );
}

/** Error codes docs/reporting-service.md defines (Errors), as the client reports them. */
export const SPEC_ERROR_CODES: readonly UpstreamErrorCode[] = [
  'INVALID_REQUEST',
  'MISSING_CREDENTIALS',
  'INVALID_CREDENTIALS',
  'FEATURE_UNAVAILABLE',
  'SHOP_NOT_FOUND',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
];
