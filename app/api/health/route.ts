export const dynamic = 'force-dynamic';

/** Liveness: the process answers. No dependency is checked (that is GET /api/ready), no session needed. */
export function GET(): Response {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
}
