import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@/lib/contract';
import type { RawPage } from './store/types';

// One error shape and one JSON response helper for the embedded service (DESIGN.md error body).

/** An expected failure: answered with its spec status and code, never logged as an internal error. */
export class ServiceError extends Error {
  override name = 'ServiceError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const BASE_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  // Every answer depends on credentials and moving data: nothing may be cached on the way.
  'Cache-Control': 'no-store',
} as const;

/** A response from JSON text that is already serialised (e.g. the cached OpenAPI document). */
export function rawJsonResponse(status: number, json: string, headers: Record<string, string> = {}): Response {
  return new Response(json, { status, headers: { ...BASE_HEADERS, ...headers } });
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return rawJsonResponse(status, JSON.stringify(body), headers);
}

/**
 * The success envelope of a page whose items are already JSON text: byte for byte what
 * `JSON.stringify({ success: true, data: { items, pagination } })` gives for the parsed items.
 */
export function rawPageJson({ itemsJson, pagination }: RawPage): string {
  return `{"success":true,"data":{"items":[${itemsJson.join(',')}],"pagination":${JSON.stringify(pagination)}}}`;
}

export function errorResponse(error: ServiceError): Response {
  const body: ErrorBody = { success: false, error: { code: error.code, message: error.message } };
  return jsonResponse(ERROR_STATUS[error.code], body, error.headers);
}
