import { NextResponse, type NextRequest } from 'next/server';
import { DASHBOARD_ERRORS, type ApiErrorBody, type DashboardErrorCode } from '@/lib/api/errors';
import { classifyPath } from '@/lib/session/gate';
import { loginPath } from '@/lib/session/next-path';
import { hasSameOrigin, isStateChanging } from '@/lib/session/request-guards';
import { readSession } from '@/lib/session/read-session';

// First gate (Next 16's renamed middleware): it only checks that the session cookie unseals.
// Route handlers and pages check again; this one keeps signed-out visitors off every page.

function errorResponse(code: DashboardErrorCode): NextResponse {
  const body: ApiErrorBody = { success: false, error: { code, message: DASHBOARD_ERRORS[code].message } };
  return NextResponse.json(body, { status: DASHBOARD_ERRORS[code].status, headers: { 'Cache-Control': 'no-store' } });
}

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  const kind = classifyPath(pathname);
  if (kind === 'public') return NextResponse.next();
  if (kind === 'api' && isStateChanging(request.method) && !hasSameOrigin(request)) return errorResponse('FORBIDDEN_ORIGIN');
  if (await readSession(request)) return NextResponse.next();
  if (kind === 'api') return errorResponse('UNAUTHENTICATED');
  // Next's adapter turns a same-origin Location into a relative one, so the browser stays on the
  // host name it used (and keeps the cookie it is about to get).
  const response = NextResponse.redirect(new URL(loginPath(pathname + search), request.url));
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

export const config = {
  // Static assets never need a session; everything else goes through classifyPath.
  matcher: ['/((?!_next/static|_next/image|api/v1/|.*\\.(?:png|jpg|jpeg|gif|svg|ico|webp|avif|txt|xml|css|js|map|woff2?)$).*)'],
};
