import { OPERATION_ENDPOINTS } from '@/lib/endpoints/operations';
import { implement } from '@/lib/server/endpoint';
import { readiness } from '@/lib/server/readiness';

export const dynamic = 'force-dynamic';

/**
 * Readiness: 200 when this instance can serve people (its data store answers with every migration
 * applied, Redis answers when configured, the sync is not failing for every shop), else 503 with the
 * reason in a sentence. No session needed; no figures, addresses or secrets in the answer.
 */
export const GET = implement(OPERATION_ENDPOINTS['GET ready'], async () => {
  const result = await readiness();
  return Response.json(
    { status: result.ready ? 'ready' : 'not ready', reason: result.reason, checks: result.checks },
    { status: result.ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
});
