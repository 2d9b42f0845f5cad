import { createEmbeddedService } from '@/lib/service';

// In-process latency of `handle(Request)` per scenario: no sockets, one request at a time. On a
// shared machine this is steadier than requests/s over loopback, and it is the service's own cost.

export interface InProcessResult {
  name: string;
  requests: number;
  p50: number;
  mean: number;
}

const WARMUP = 200;

export async function measureInProcess(
  sqliteFile: string,
  targets: Array<[name: string, url: string, headers: Record<string, string>]>,
  durationMs: number,
): Promise<InProcessResult[]> {
  const service = await createEmbeddedService({ sqliteFile, ratePerMinute: 1e9, ipRatePerMinute: 1e9 });
  const results: InProcessResult[] = [];
  try {
    for (const [name, url, headers] of targets) {
      const once = async () => {
        const response = await service.handle(new Request(url, { headers }), { clientIp: '127.0.0.1' });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${url} → ${response.status}`);
      };
      for (let i = 0; i < WARMUP; i++) await once();
      const times: number[] = [];
      const deadline = performance.now() + durationMs;
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await once();
        times.push(performance.now() - t0);
      }
      const sorted = Float64Array.from(times).sort();
      const mean = times.reduce((s, t) => s + t, 0) / times.length;
      results.push({ name, requests: times.length, p50: sorted[Math.floor(sorted.length / 2)] ?? NaN, mean });
    }
  } finally {
    await service.close();
  }
  return results;
}
