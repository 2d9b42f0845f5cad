import { OPERATION_ENDPOINTS } from '@/lib/endpoints/operations';
import { implement } from '@/lib/server/endpoint';
import { metricsResponse } from '@/lib/server/metrics';

export const dynamic = 'force-dynamic';

/** Prometheus metrics: 404 unless METRICS_TOKEN is set, then only with it as a bearer token. */
export const GET = implement(OPERATION_ENDPOINTS['GET metrics'], async (_inputs, { request }) =>
  metricsResponse(request),
);
