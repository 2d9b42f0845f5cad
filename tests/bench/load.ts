import { Agent, request } from 'node:http';

// A small closed-loop HTTP load generator: `concurrency` keep-alive connections, each sending
// the next request as soon as the previous answer is fully read, for a bounded duration.

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
}

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  concurrency: number;
  durationMs: number;
  warmupMs?: number;
}

function once(agent: Agent, url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function run(agent: Agent, options: LoadOptions, durationMs: number, record: boolean): Promise<LoadResult> {
  const url = new URL(options.url);
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  const loop = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      const status = await once(agent, url, options.headers ?? {}).catch(() => 0);
      if (status !== 200) errors += 1;
      if (record) latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  const seconds = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    errors,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

export async function measure(options: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  try {
    if (options.warmupMs) await run(agent, options, options.warmupMs, false);
    return await run(agent, options, options.durationMs, true);
  } finally {
    agent.destroy();
  }
}
