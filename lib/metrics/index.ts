import { createHash } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

// The server's metrics in Prometheus's text format (GET /api/metrics, only with METRICS_TOKEN):
// upstream requests by endpoint and status, each key's budget used over the last minute, the wait
// for a budget slot, HTTP latency by route, and, read at each scrape, the sync lag per shop and the
// store's sizes; the process's memory, heap, event-loop lag and GC (prom-client's defaults). One registry per process, kept on globalThis (Next gives each route bundle its own
// module copy). An app key is never a label: it is named by the first 8 hex digits of its SHA-256.
//
// Not marked 'server-only': the upstream client runs in scripts and benchmarks too; dependency-
// cruiser keeps it out of browser code.

interface Metrics {
  registry: Registry;
  upstreamRequests: Counter<'endpoint' | 'status'>;
  budgetUsed: Gauge<'key'>;
  queueWait: Histogram<'priority'>;
  httpDuration: Histogram<'route' | 'method' | 'status'>;
  learnings: Counter<'what'>;
  /** Requests sent per key over the last minute (ms timestamps), for the budget gauge. */
  sent: Map<string, number[]>;
  collectors: (() => Promise<void>)[];
}

const holder = globalThis as typeof globalThis & { __spdMetrics?: Metrics };

function create(): Metrics {
  const registry = new Registry();
  const sent = new Map<string, number[]>();
  const metrics: Metrics = {
    registry,
    sent,
    collectors: [],
    upstreamRequests: new Counter({
      name: 'spd_upstream_requests_total',
      help: 'Requests sent to the Reporting Service, by endpoint and answer (HTTP status, or timeout/network).',
      labelNames: ['endpoint', 'status'],
      registers: [registry],
    }),
    budgetUsed: new Gauge({
      name: 'spd_upstream_budget_used',
      help: 'Requests this instance sent on each app key over the last 60 s (the key is named by a hash prefix).',
      labelNames: ['key'],
      registers: [registry],
      collect() {
        const since = Date.now() - 60_000;
        for (const [key, times] of sent) {
          while (times.length > 0 && times[0]! < since) times.shift();
          this.set({ key }, times.length);
        }
      },
    }),
    queueWait: new Histogram({
      name: 'spd_upstream_queue_wait_seconds',
      help: 'How long a request waited for a slot of its key’s budget, by priority (interactive or background).',
      labelNames: ['priority'],
      buckets: [0.01, 0.05, 0.25, 1, 2, 5, 15, 60, 300],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'spd_http_request_duration_seconds',
      help: 'Time to answer a dashboard API request, by route, method and status.',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    learnings: new Counter({
      name: 'spd_kept_learnings_total',
      help: 'Answers learned from the store and kept until their data changes (the Pricing model, the Settlement report): each first ask, and each first ask after a month they read was written.',
      labelNames: ['what'],
      registers: [registry],
    }),
  };
  // The process's own: resident memory, heap by space, event-loop lag, GC (prom-client's defaults,
  // `process_*` and `nodejs_*`), so a memory that does not plateau shows on the dashboard that
  // scrapes it (and in `npm run bench:soak`).
  collectDefaultMetrics({ register: registry });
  return metrics;
}

function metrics(): Metrics {
  holder.__spdMetrics ??= create();
  return holder.__spdMetrics;
}

/** A key as a label: never the key itself. */
export const keyLabel = (appKey: string) => createHash('sha256').update(appKey).digest('hex').slice(0, 8);

/** One request sent to the upstream on `appKey`, answered with `status` (or 'timeout' / 'network'). */
export function countUpstreamRequest(appKey: string, endpoint: string, status: number | string): void {
  const m = metrics();
  m.upstreamRequests.inc({ endpoint, status: String(status) });
  const key = keyLabel(appKey);
  let times = m.sent.get(key);
  if (!times) m.sent.set(key, (times = []));
  times.push(Date.now());
  if (times.length > 10_000) times.splice(0, times.length - 10_000);
}

export function observeQueueWait(priority: string, seconds: number): void {
  metrics().queueWait.observe({ priority }, seconds);
}

export function observeHttp(route: string, method: string, status: number, seconds: number): void {
  metrics().httpDuration.observe({ route, method, status: String(status) }, seconds);
}

/** One learning of a kept answer (`what`: 'pricing-model', 'settlement-report'): a first ask, or the first after its data changed. */
export function countLearning(what: string): void {
  metrics().learnings.inc({ what });
}

/** A gauge set at each scrape by `collect` (the store's figures: sync lag, sizes). */
export function gaugeAtScrape<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  collect: (set: (labels: Record<L, string>, value: number) => void) => Promise<void>,
): void {
  const m = metrics();
  if (m.registry.getSingleMetric(name)) return;
  const gauge = new Gauge({ name, help, labelNames: [...labelNames], registers: [m.registry] });
  m.collectors.push(async () => {
    gauge.reset();
    await collect((labels, value) => gauge.set(labels as Partial<Record<L, string>>, value));
  });
}

/** The text a Prometheus scrape reads, and its content type. */
export async function scrape(): Promise<{ body: string; contentType: string }> {
  const m = metrics();
  await Promise.all(m.collectors.map((c) => c()));
  return { body: await m.registry.metrics(), contentType: m.registry.contentType };
}
