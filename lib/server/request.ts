import 'server-only';
import { serverConfig } from '@/lib/config/env';
import { DashboardError } from '@/lib/api/dashboard-error';

// Reading a request's inputs (the endpoint wrapper, lib/server/endpoint.ts, parses them with the
// declaration's schemas): every failure is a ZodError or a DashboardError, which the error map
// answers with 400 and a message naming the parameter.

/** The query string as an object of first values (a repeated key keeps its first value). */
export function searchParamsObject(url: string | URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URL(url).searchParams) if (!(key in out)) out[key] = value;
  return out;
}

const MAX_BODY_BYTES = 16 * 1024;

/** The media type of a Content-Type header, lower-case, without its parameters ("application/json"). */
function mediaType(request: Request): string | null {
  const header = request.headers.get('content-type');
  return header ? header.split(';')[0]!.trim().toLowerCase() : null;
}

/** A request that declares a body (HTTP: a length above 0, or a transfer encoding). */
function hasBody(request: Request): boolean {
  const length = request.headers.get('content-length');
  if (length !== null) return Number(length) > 0;
  return request.headers.has('transfer-encoding');
}

/**
 * Every write that carries a body must say it is JSON: a cross-site form can only send
 * text/plain, urlencoded or multipart bodies without a preflight, so a strict type is a second
 * lock beside the Origin check (and the file uploads send their file's text inside JSON too).
 * A body-less write (an undo, a delete) has nothing to read and passes; readJsonBody checks again
 * whatever the headers declare.
 */
export function requireJsonBody(request: Request): void {
  if (hasBody(request) && mediaType(request) !== 'application/json') throw new DashboardError('UNSUPPORTED_MEDIA_TYPE');
}
/** The JSON value of the body (at most `maxBytes`, 16 kB unless said), for the declaration's schema to parse. */
export async function readJsonBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  if (mediaType(request) !== 'application/json') throw new DashboardError('UNSUPPORTED_MEDIA_TYPE');
  // A browser that goes away mid-body (a closed tab, a cancelled click) ends the read with the
  // socket's ECONNRESET: a request that ended early, not a store failure to log as one.
  const text = await request.text().catch(() => {
    throw new DashboardError('INVALID_REQUEST', 'body: the request ended before its body arrived');
  });
  if (text.length > maxBytes) throw new DashboardError('INVALID_REQUEST', 'body: is too large');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new DashboardError('INVALID_REQUEST', 'body: must be a JSON object');
  }
}

/** The dashboard's origin as people open it (PUBLIC_URL, else this request's own), for links in emails. */
export function publicOrigin(request: Request): string {
  return serverConfig().publicUrl ?? new URL(request.url).origin;
}
