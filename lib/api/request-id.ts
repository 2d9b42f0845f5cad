import type { ApiErrorBody, DashboardErrorCode } from './errors';

// Every answer of the dashboard's server names its request (README "Configuration", LOG_LEVEL): the
// id in the X-Request-Id header and, in an error body, in `requestId`, so a person reporting a
// problem quotes one id that finds the server's log lines of that request. This module is the one
// place that writes both: the endpoint wrapper (lib/server/endpoint), the proxy's refusals and the
// embedded service's mount use it. Web-standard only: the proxy imports it too.

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** A new request id: 16 hex digits, random, safe in a header and a log line. */
export function newRequestId(): string {
  return crypto.randomUUID().replace(/-/g, '').slice(0, 16);
}

/**
 * `response` with its request id in X-Request-Id. A response whose headers are immutable (one made
 * by Response.redirect or fetch) is copied into a new Response that carries it, never sent without.
 */
export function withRequestIdHeader<R extends Response>(response: R, requestId: string): R | Response {
  try {
    response.headers.set(REQUEST_ID_HEADER, requestId);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    headers.set(REQUEST_ID_HEADER, requestId);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/** A failed answer: `{ success: false, error: { code, message, requestId } }`, the same id in its header. */
export function errorAnswer(
  requestId: string,
  error: { code: DashboardErrorCode; message: string; closedMonths?: readonly string[] | undefined },
  init: { status: number; headers?: HeadersInit },
): Response {
  const body: ApiErrorBody = { success: false, error: { code: error.code, message: error.message, requestId } };
  if (error.closedMonths) body.error.closedMonths = [...error.closedMonths];
  const headers = new Headers(init.headers);
  headers.set(REQUEST_ID_HEADER, requestId);
  return Response.json(body, { status: init.status, headers });
}
