import 'server-only';
import { forServedPerson } from './access';
import { errorAnswer } from '@/lib/api/request-id';
import { mapError } from './error-map';

// One envelope for the dashboard API: { success: true, data } or { success: false, error }.
// Nothing here is cacheable: every answer depends on the session and on live upstream data.

const NO_STORE = { 'Cache-Control': 'no-store' };

export function ok<T>(data: T, init: { status?: number; headers?: Headers } = {}): Response {
  const headers = new Headers(init.headers);
  for (const [key, value] of Object.entries(NO_STORE)) headers.set(key, value);
  // Without "can see costs and profit", no answer carries one (docs/ARCHITECTURE.md#team-access).
  return Response.json({ success: true, data: forServedPerson(data) }, { status: init.status ?? 200, headers });
}

/** The answer to anything a route threw, naming the request (`requestId`, X-Request-Id) whatever the error. */
export function fail(error: unknown, route: string, requestId: string): Response {
  const mapped = mapError(error, route, requestId);
  const headers = new Headers(NO_STORE);
  if (mapped.retryAfterSeconds !== undefined) headers.set('Retry-After', String(mapped.retryAfterSeconds));
  return errorAnswer(requestId, mapped, { status: mapped.status, headers });
}
