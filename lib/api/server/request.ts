import 'server-only';
import type { z } from 'zod';
import { DashboardError } from './dashboard-error';

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

export async function parseParams<S extends z.ZodType>(
  params: Promise<unknown> | unknown,
  schema: S,
): Promise<z.output<S>> {
  return schema.parse(await params);
}

const MAX_BODY_BYTES = 16 * 1024;
/** A body carrying a CSV file (lib/costs reads at most 2 MB of it; JSON escaping can double its size). */
export const CSV_BODY_BYTES = 6 * 1024 * 1024;

export async function parseBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: { maxBytes?: number } = {},
): Promise<z.output<S>> {
  const text = await request.text();
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
