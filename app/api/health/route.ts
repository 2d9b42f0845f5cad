import { OPERATION_ENDPOINTS } from '@/lib/endpoints/operations';
import { implement } from '@/lib/server/endpoint';

export const dynamic = 'force-dynamic';

/** Liveness: the process answers. No dependency is checked (that is GET /api/ready), no session needed. */
export const GET = implement(OPERATION_ENDPOINTS['GET health'], async () =>
  Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } }),
);
