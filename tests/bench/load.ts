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
  /** Every latency in ms, sorted (kept so that rounds can be combined). */
  latencies: Float64Array;
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
  return summarise(Float64Array.from(latencies), errors, seconds);
}

function summarise(latencies: Float64Array, errors: number, seconds: number): LoadResult {
  const sorted = latencies.sort();
  return {
    requests: sorted.length,
    errors,
    seconds,
    perSecond: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    latencies: sorted,
  };
}

/** One result from several rounds of the same scenario (e.g. interleaved with others). */
export function combine(rounds: LoadResult[]): LoadResult {
  const all = new Float64Array(rounds.reduce((n, r) => n + r.latencies.length, 0));
  let at = 0;
  for (const r of rounds) {
    all.set(r.latencies, at);
    at += r.latencies.length;
  }
  const errors = rounds.reduce((n, r) => n + r.errors, 0);
  return summarise(
    all,
    errors,
    rounds.reduce((s, r) => s + r.seconds, 0),
  );
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
