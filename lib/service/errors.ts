import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@/lib/contract';
import type { RawPage } from './store/types';

// One error shape and the JSON answers of the embedded service (docs/ARCHITECTURE.md#error-body). An answer
// is plain data (status, headers, UTF-8 body): `toResponse` makes the WHATWG Response that Next and
// the tests get, and the node:http server writes answers without one.

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

export interface ServiceAnswer {
  status: number;
  headers: Record<string, string>;
  /** UTF-8 JSON (a demo picture's answer: SVG). */
  body: Uint8Array<ArrayBuffer>;
}

const BASE_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  // Every answer depends on credentials and moving data: nothing may be cached on the way.
  'Cache-Control': 'no-store',
} as const;

/** An answer from JSON that is already serialised (e.g. the cached OpenAPI document), as text or UTF-8. */
export function rawJsonAnswer(
  status: number,
  json: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
): ServiceAnswer {
  // Encoded by Buffer, which is much cheaper for a large page than a string body (WebIDL string
  // conversion and TextEncoder on every response).
  const body = typeof json === 'string' ? Buffer.from(json, 'utf8') : json;
  return { status, headers: { ...BASE_HEADERS, ...headers }, body };
}

export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): ServiceAnswer {
  return rawJsonAnswer(status, JSON.stringify(body), headers);
}

export function errorAnswer(error: ServiceError): ServiceAnswer {
  const body: ErrorBody = { success: false, error: { code: error.code, message: error.message } };
  return jsonAnswer(ERROR_STATUS[error.code], body, error.headers);
}

export function toResponse({ status, headers, body }: ServiceAnswer): Response {
  return new Response(body, { status, headers });
}

export function errorResponse(error: ServiceError): Response {
  return toResponse(errorAnswer(error));
}

const PAGE_HEAD = Buffer.from('{"success":true,"data":{"items":[');
const COMMA = Buffer.from(',');

/**
 * The success envelope of a page whose items are already JSON (UTF-8): byte for byte what
 * `JSON.stringify({ success: true, data: { items, pagination } })` gives for the parsed items.
 */
export function rawPageJson({ itemsJson, pagination }: RawPage): Buffer<ArrayBuffer> {
  const parts: Uint8Array[] = [PAGE_HEAD];
  itemsJson.forEach((item, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(item);
  });
  parts.push(Buffer.from(`],"pagination":${JSON.stringify(pagination)}}}`));
  return Buffer.concat(parts);
}
