import 'server-only';
import { requireSession } from '@/lib/session/session';
import { runAs } from '@/lib/session/current';
import type { Permission } from '@/lib/team/roles';
import { requirePermission } from './access';
import { hasSameOrigin, isStateChanging } from '@/lib/session/request-guards';
import { DashboardError } from '@/lib/api/dashboard-error';
import { requireJsonBody } from './request';
import { fail } from './response';
import { newRequestId, withRequestIdHeader } from '@/lib/api/request-id';
import { setRequestActor, withRequestId } from '@/lib/log';
import { observeHttp } from '@/lib/metrics';

export interface RouteOptions {
  /** Route name for logs, e.g. "GET /api/dashboard/shops/[shopId]/orders". */
  route: string;
  /**
   * Who may call it (lib/team/roles): a permission the signed-in person's role must allow, or
   * 'public' for the few routes that answer without a session (sign-in, an invitation link, the set-up,
   * health, readiness and metrics).
   * Required, so a new route cannot be added without a rule (the access matrix test reads it).
   */
  access: Permission | 'public';
}

type Handler<P> = (request: Request, context: { params: P }) => Promise<Response>;

/** A route handler as apiRoute made it, carrying its rule for the access matrix test. */
export type ApiRoute<P> = ((request: Request, context?: { params: Promise<P> }) => Promise<Response>) & {
  access: Permission | 'public';
  route: string;
};

/**
 * Wraps a route handler: refuses state-changing requests from another origin (403) or with a body
 * that is not JSON (415), requires a session (401) whose person's role allows the route (403),
 * runs the handler as that person (loaders answer only their shops and figures: docs/ARCHITECTURE.md#team-access),
 * awaits Next's params, and answers every thrown error through the one error map.
 */
export function apiRoute<P = Record<string, never>>(options: RouteOptions, handler: Handler<P>): ApiRoute<P> {
  const wrapped = async (request: Request, context?: { params: Promise<P> }): Promise<Response> => {
    // Every log line this request causes carries the same id as its answer's X-Request-Id and, when
    // it fails, its error body's requestId (lib/api/request-id), so a person can quote it.
    const requestId = newRequestId();
    const started = performance.now();
    const response = await withRequestId(requestId, async () => {
      try {
        if (isStateChanging(request.method)) {
          if (!hasSameOrigin(request)) throw new DashboardError('FORBIDDEN_ORIGIN');
          requireJsonBody(request);
        }
        const params = (await context?.params) ?? ({} as P);
        if (options.access === 'public') return await handler(request, { params });
        const { person } = await requireSession(request);
        setRequestActor({ id: person.id, name: person.name });
        requirePermission(person, options.access);
        return await runAs(person, () => handler(request, { params }));
      } catch (error) {
        return fail(error, options.route, requestId);
      }
    });
    observeHttp(options.route, request.method, response.status, (performance.now() - started) / 1000);
    return withRequestIdHeader(response, requestId);
  };
  return Object.assign(wrapped, { access: options.access, route: options.route });
}
