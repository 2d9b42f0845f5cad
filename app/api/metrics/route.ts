import { metricsResponse } from '@/lib/api/server/metrics';

export const dynamic = 'force-dynamic';

/** Prometheus metrics: 404 unless METRICS_TOKEN is set, then only with it as a bearer token. */
export function GET(request: Request): Promise<Response> {
  return metricsResponse(request);
}
