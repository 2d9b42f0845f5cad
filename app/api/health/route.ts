import { apiRoute } from '@/lib/server/handler';

export const dynamic = 'force-dynamic';

/** Liveness: the process answers. No dependency is checked (that is GET /api/ready), no session needed. */
export const GET = apiRoute({ route: 'GET /api/health', access: 'public' }, async () =>
  Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } }),
);
