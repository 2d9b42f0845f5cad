// Which requests need a session, and what an unauthenticated one gets. Pure, so the proxy stays a
// few lines and the rules are tested directly.

/** The page's path, set by the proxy on every page request (a client's own value is overwritten). */
export const PATHNAME_HEADER = 'x-spd-pathname';

export type GateKind = 'public' | 'api' | 'page';

// Liveness and readiness answer a load balancer without a session, and carry no figures or secrets.
const PUBLIC_PATHS = new Set([
  '/login',
  // The sign-in and set-up forms' plain POST, before their scripts load (app/login/form, app/login/setup).
  '/login/form',
  '/login/setup',
  '/api/dashboard/session',
  '/api/dashboard/setup',
  // The API's description: endpoints, never data (as the upstream's /api/v1/openapi.json).
  '/api/dashboard/openapi.json',
  '/api/health',
  '/api/ready',
  // Answers only with METRICS_TOKEN as a bearer token (and not at all without one).
  '/api/metrics',
  // The MCP server checks its own personal access token, and answers a request without one with
  // 401 and WWW-Authenticate, as an MCP client expects (lib/mcp/server.ts), never with a session.
  '/api/mcp',
  '/favicon.ico',
  '/robots.txt',
]);

export function classifyPath(pathname: string): GateKind {
  if (PUBLIC_PATHS.has(pathname)) return 'public';
  // The embedded service checks its own app key and secret (docs/reporting-service.md, Shape of every call).
  if (pathname === '/api/v1' || pathname.startsWith('/api/v1/')) return 'public';
  if (pathname.startsWith('/_next/')) return 'public';
  // One-time links (invitations, password resets): the token is the credential.
  if (pathname.startsWith('/join/') || pathname.startsWith('/api/dashboard/links/')) return 'public';
  if (pathname === '/api' || pathname.startsWith('/api/')) return 'api';
  return 'page';
}

/**
 * The access token a request presents, or null: its `Authorization` header (the Bearer credential;
 * '' for any other scheme, which no token matches), else a live link's `access_token` parameter.
 * A request that presents one is served by the token alone, never by a cookie
 * (docs/ARCHITECTURE.md#access-tokens-and-live-links).
 */
export function requestToken(request: Request): string | null {
  const header = request.headers.get('authorization');
  if (header !== null) return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? '';
  return new URL(request.url).searchParams.get('access_token');
}
