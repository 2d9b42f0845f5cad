import { NextResponse, type NextRequest } from 'next/server';
import { DASHBOARD_ERRORS, type DashboardErrorCode } from '@/lib/api/errors';
import { errorAnswer, newRequestId, withRequestIdHeader } from '@/lib/api/request-id';
import { contentSecurityPolicy, newNonce } from '@/lib/session/csp';
import { classifyPath, PATHNAME_HEADER, requestToken } from '@/lib/session/gate';
import { loginPath } from '@/lib/session/next-path';
import { hasSameOrigin, isStateChanging } from '@/lib/session/request-guards';
import { unsealSession } from '@/lib/session/read-session';

// First gate (Next 16's renamed middleware): it checks that the session cookie unseals, and gives
// every page its Content-Security-Policy with a fresh nonce. Route handlers and pages check the
// session again, including that it has not been signed out (the session store), so this gate stays
// free of store round trips.

// Its own answers (a refusal, the way to the sign-in page) name a request id as every answer of the
// server does; a request it lets through gets its id from the route that answers it.
function errorResponse(code: DashboardErrorCode): Response {
  const { status, message } = DASHBOARD_ERRORS[code];
  return errorAnswer(newRequestId(), { code, message }, { status, headers: { 'Cache-Control': 'no-store' } });
}

/** Lets a page render with a nonce'd CSP: Next reads the policy from the request to mark its scripts. */
function pageWithCsp(request: NextRequest): NextResponse {
  const policy = contentSecurityPolicy(newNonce(), { dev: process.env.NODE_ENV === 'development' });
  const headers = new Headers(request.headers);
  headers.set('content-security-policy', policy);
  // The dashboard layout answers 404 for a page the person may not use, before anything streams.
  headers.set(PATHNAME_HEADER, request.nextUrl.pathname);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

export async function proxy(request: NextRequest): Promise<Response> {
  const { pathname, search } = request.nextUrl;
  const kind = classifyPath(pathname);
  const isApi = pathname === '/api' || pathname.startsWith('/api/');
  if (kind === 'public') return isApi || pathname.startsWith('/_next/') ? NextResponse.next() : pageWithCsp(request);
  // A request with an access token is the route's to check (lib/session/bearer): the token is its
  // only credential (a write with one is refused there), and no browser sends one across sites.
  if (kind === 'api' && requestToken(request) !== null) return NextResponse.next();
  if (kind === 'api' && isStateChanging(request.method) && !hasSameOrigin(request))
    return errorResponse('FORBIDDEN_ORIGIN');
  if (await unsealSession(request)) return kind === 'page' ? pageWithCsp(request) : NextResponse.next();
  if (kind === 'api') return errorResponse('UNAUTHENTICATED');
  // Next's adapter turns a same-origin Location into a relative one, so the browser stays on the
  // host name it used (and keeps the cookie it is about to get).
  const response = NextResponse.redirect(new URL(loginPath(pathname + search), request.url));
  response.headers.set('Cache-Control', 'no-store');
  return withRequestIdHeader(response, newRequestId());
}

export const config = {
  // Static assets never need a session; everything else goes through classifyPath.
  matcher: [
    '/((?!_next/static|_next/image|api/v1/|.*\\.(?:png|jpg|jpeg|gif|svg|ico|webp|avif|txt|xml|css|js|map|woff2?)$).*)',
  ],
};
