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

/** Bodies of the responses made here, for servers that can write them without reading the stream. */
const bodies = new WeakMap<Response, Uint8Array>();

/** A response from JSON that is already serialised (e.g. the cached OpenAPI document), as text or UTF-8. */
export function rawJsonResponse(status: number, json: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}): Response {
  // Encoded by Buffer, which is much cheaper for a large page than a string body (WebIDL string
  // conversion and TextEncoder on every response).
  const body = typeof json === 'string' ? Buffer.from(json, 'utf8') : json;
  const response = new Response(body, { status, headers: { ...BASE_HEADERS, ...headers } });
  bodies.set(response, body);
  return response;
}

/**
 * The body bytes of a response made by this module, or undefined for any other response. The
 * node:http server writes them directly instead of reading the body stream back (same bytes).
 */
export function knownBody(response: Response): Uint8Array | undefined {
  return bodies.get(response);
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return rawJsonResponse(status, JSON.stringify(body), headers);
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

export function errorResponse(error: ServiceError): Response {
  const body: ErrorBody = { success: false, error: { code: error.code, message: error.message } };
  return jsonResponse(ERROR_STATUS[error.code], body, error.headers);
}
