// `npm run bench:sync`: (1) sync throughput against the embedded service at 600 requests/min,
// (2) SKU report and overview latency over 1,000,000 stored order lines beside a naive in-memory
// scan. Not part of `npm test`. BENCH_ONLY=throughput|latency runs one half.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { reportLatency } from './sync/latency';
import { syncThroughput } from './sync/throughput';

async function main() {
  const dir = join(process.env.DATA_DIR?.trim() || './data', 'bench');
  mkdirSync(dir, { recursive: true });
  console.log(`bench:sync on Node ${process.version}, ${availableParallelism()} cores`);
  const only = process.env.BENCH_ONLY;
  if (only !== 'throughput') await reportLatency(dir);
  if (only !== 'latency') await syncThroughput(dir);
}

// A bounded run: never more than ten minutes, whatever happens.
setTimeout(() => {
  console.error('bench:sync exceeded 10 minutes; stopping.');
  process.exit(1);
}, 10 * 60_000).unref();

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
