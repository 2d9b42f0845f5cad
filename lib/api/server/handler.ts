import 'server-only';
import { requireSession } from '@/lib/session/session';
import { hasSameOrigin, isStateChanging } from '@/lib/session/request-guards';
import { DashboardError } from './dashboard-error';
import { requireJsonBody } from './request';
import { fail } from './response';
import { newRequestId, withRequestId } from '@/lib/log';
import { observeHttp } from '@/lib/metrics';

export interface RouteOptions {
  /** Route name for logs, e.g. "GET /api/dashboard/shops/[shopId]/orders". */
  route: string;
  /** Require a signed-in session (default true). The proxy checked too; this is the second check. */
  auth?: boolean;
}

type Handler<P> = (request: Request, context: { params: P }) => Promise<Response>;

/**
 * Wraps a route handler: refuses state-changing requests from another origin (403) or with a body
 * that is not JSON (415), requires a
 * session (401), awaits Next's params, and answers every thrown error through the one error map.
 */
export function apiRoute<P = Record<string, never>>(options: RouteOptions, handler: Handler<P>) {
  return async (request: Request, context?: { params: Promise<P> }): Promise<Response> => {
    // Every log line this request causes, and its error body, carry the same id; the answer says it
    // in X-Request-Id so a person reporting a problem can quote it.
    const requestId = newRequestId();
    const started = performance.now();
    const response = await withRequestId(requestId, async () => {
      try {
        if (isStateChanging(request.method)) {
          if (!hasSameOrigin(request)) throw new DashboardError('FORBIDDEN_ORIGIN');
          requireJsonBody(request);
        }
        if (options.auth !== false) await requireSession(request);
        const params = (await context?.params) ?? ({} as P);
        return await handler(request, { params });
      } catch (error) {
        return fail(error, options.route);
      }
    });
    observeHttp(options.route, request.method, response.status, (performance.now() - started) / 1000);
    try {
      response.headers.set('X-Request-Id', requestId);
    } catch {
      // A response with immutable headers (a redirect from Response.redirect) goes out without it.
    }
    return response;
  };
}
