import 'server-only';
import type { z } from 'zod';
import { serverConfig } from '@/lib/config/env';
import { DashboardError } from '@/lib/api/dashboard-error';
import type { Fields } from '@/lib/views/field';
import { schemaOf, type ParsedView } from '@/lib/views/schema';
import type { View } from '@/lib/views/view';

// Input parsing: every failure is a ZodError or a DashboardError, which the error map answers
// with 400 and a message naming the parameter.

/** The query string as an object of first values (a repeated key keeps its first value). */
export function searchParamsObject(url: string | URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URL(url).searchParams) if (!(key in out)) out[key] = value;
  return out;
}

export function parseQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  return schema.parse(searchParamsObject(request.url));
}

/** A view's query, parsed once by the view's own schema (lib/views): 400 naming the parameter otherwise. */
export function parseView<F extends Fields>(request: Request, view: View<F>): ParsedView<F> {
  return schemaOf(view).parse(searchParamsObject(request.url));
}

export async function parseParams<S extends z.ZodType>(
  params: Promise<unknown> | unknown,
  schema: S,
): Promise<z.output<S>> {
  return schema.parse(await params);
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
 * A body-less write (an undo, a delete) has nothing to read and passes; parseBody checks again
 * whatever the headers declare.
 */
export function requireJsonBody(request: Request): void {
  if (hasBody(request) && mediaType(request) !== 'application/json') throw new DashboardError('UNSUPPORTED_MEDIA_TYPE');
}
/** A body carrying a CSV file (lib/costs reads at most 2 MB of it; JSON escaping can double its size). */
export const CSV_BODY_BYTES = 6 * 1024 * 1024;

export async function parseBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: { maxBytes?: number } = {},
): Promise<z.output<S>> {
  if (mediaType(request) !== 'application/json') throw new DashboardError('UNSUPPORTED_MEDIA_TYPE');
  // A browser that goes away mid-body (a closed tab, a cancelled click) ends the read with the
  // socket's ECONNRESET: a request that ended early, not a store failure to log as one.
  const text = await request.text().catch(() => {
    throw new DashboardError('INVALID_REQUEST', 'body: the request ended before its body arrived');
  });
  if (text.length > (options.maxBytes ?? MAX_BODY_BYTES))
    throw new DashboardError('INVALID_REQUEST', 'body: is too large');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new DashboardError('INVALID_REQUEST', 'body: must be a JSON object');
  }
  return schema.parse(json);
}

/** The dashboard's origin as people open it (PUBLIC_URL, else this request's own), for links in emails. */
export function publicOrigin(request: Request): string {
  return serverConfig().publicUrl ?? new URL(request.url).origin;
}
