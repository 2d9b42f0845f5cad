import { declareEndpoints } from './define';

// The operations' endpoints under /api (no session; not part of the dashboard API's description):
// liveness and readiness for a load balancer, Prometheus metrics.

export const OPERATION_ENDPOINTS = declareEndpoints(
  { tag: 'Operations', base: '/api' },
  {
    'GET health': {
      summary: 'Liveness: the process answers (no dependency is checked)',
      access: 'public',
      answer: { file: 'json', about: '{ status: "ok" }' },
    },
    'GET ready': {
      summary: 'Readiness: 200 when this instance can serve people, else 503 with the reason in a sentence',
      access: 'public',
      answer: { file: 'json', about: '{ status, reason, checks }: states and a sentence, never a figure.' },
    },
    'GET metrics': {
      summary: 'Prometheus metrics: 404 unless METRICS_TOKEN is set, then only with it as a bearer token',
      access: 'public',
      answer: { file: 'text', about: "Prometheus's text format." },
    },
  },
);
