import { apiRoute } from '@/lib/server/handler';
import { metricsResponse } from '@/lib/server/metrics';

export const dynamic = 'force-dynamic';

/** Prometheus metrics: 404 unless METRICS_TOKEN is set, then only with it as a bearer token. */
export const GET = apiRoute({ route: 'GET /api/metrics', access: 'public' }, metricsResponse);
