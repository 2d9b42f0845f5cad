// `npm run bench:service`: the embedded Reporting Service over node:http on the 1,000,000-order
// SQLite data set, at concurrency 16, beside a ceiling measured in the same run (a bare node:http
// server answering a pre-serialised page of the same size). Not part of `npm test`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureInProcess } from './in-process';
import { combine, measure, type LoadResult } from './load';

const DB_FILE = process.env.BENCH_DB ?? 'data/service-bench.db';
const SERVICE_PORT = 3150;
const CEILING_PORT = 3151;
const CONCURRENCY = 16;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 6000);
/** Scenarios and the ceiling take turns in short rounds, so a burst of other work on the machine
 * weighs on all of them alike instead of on whichever happened to be running. */
const ROUNDS = 3;
const WARMUP_MS = 500;
/** Per scenario, for the in-process latency of handle() (no network, one request at a time). */
const IN_PROCESS_MS = Number(process.env.BENCH_IN_PROCESS_MS ?? 1500);
const DEMO = { 'X-App-Key': 'demo-app-key', 'X-App-Secret': 'demo-app-secret' };
const DAY = 86_400;

const children: ChildProcess[] = [];
process.on('exit', () => children.forEach((c) => c.kill('SIGTERM')));

function start(args: string[], env: NodeJS.ProcessEnv): void {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(url).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up within two minutes`);
}

async function getJson(
  url: string,
  headers: Record<string, string>,
): Promise<{ text: string; json: { data: { items: Array<Record<string, unknown>> } } }> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url} → ${response.status} ${text.slice(0, 200)}`);
  return { text, json: JSON.parse(text) };
}

const CEILING_SERVER = `
const body = require('node:fs').readFileSync(process.env.BODY_FILE);
const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': body.length };
require('node:http').createServer({ keepAliveTimeout: 65000 }, (req, res) => { req.resume(); res.writeHead(200, headers); res.end(body); })
  .listen(Number(process.env.PORT), '127.0.0.1');`;

async function main() {
  if (!existsSync(DB_FILE)) {
    console.log(`${DB_FILE} is missing: seeding 1,000,000 orders first (a few minutes)…`);
    const seed = spawnSync(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', 'scripts/seed.ts', '--orders', '1000000', '--database', DB_FILE],
      { stdio: 'inherit' },
    );
    if (seed.status !== 0) throw new Error('seeding failed');
  }
  const base = `http://127.0.0.1:${SERVICE_PORT}/api/v1`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SERVICE_DATABASE_URL: '',
    UPSTREAM_BASE_URL: '',
    // Raised so the benchmark measures the service, not its rate limiter's refusals.
    SERVICE_RATE_LIMIT_PER_MINUTE: '1000000000',
    SERVICE_IP_RATE_LIMIT_PER_MINUTE: '1000000000',
    // A million orders is a big machine's store: SQLite's page cache and memory map as they were
    // measured with (lib/config/cache-limits scales them; 4 GB: 128 MB and 1 GB).
    MEMORY_BUDGET_MB: process.env.MEMORY_BUDGET_MB ?? '4096',
  };
  start(
    [
      '--conditions=react-server',
      '--import',
      'tsx',
      'scripts/service.ts',
      '--port',
      String(SERVICE_PORT),
      '--sqlite-file',
      DB_FILE,
    ],
    env,
  );
  await waitFor(`${base}/openapi.json`);

  const shop = (await getJson(`${base}/shops`, DEMO)).json.data.items[0]!;
  const scoped = { ...DEMO, 'X-Shop-Id': String(shop.id) };
  const first = await getJson(`${base}/orders-by-product`, scoped);
  const newest = Number(first.json.data.items[0]!.createTime);
  const product = (await getJson(`${base}/products`, scoped)).json.data.items[0]!;
  const word =
    String(product.name)
      .split(' ')
      .find((w) => w.length >= 4) ?? String(product.name);
  const scenarios: Array<[string, string]> = [
    ['(a) first page', 'orders-by-product'],
    ['(b) page 500', 'orders-by-product?page=500'],
    [`(c) product name "${word}"`, `orders-by-product?name=${encodeURIComponent(word)}`],
    ['(d) 30 days + status', `orders-by-product?startDate=${newest - 30 * DAY}&endDate=${newest}&status=COMPLETED`],
    ['(e) first page, limit=100 (info)', 'orders-by-product?limit=100'],
  ];
  for (const [, path] of scenarios) {
    const { json } = await getJson(`${base}/${path}`, scoped);
    if (json.data.items.length === 0) throw new Error(`${path} returned no items; the benchmark would measure nothing`);
  }

  const dir = mkdtempSync(join(tmpdir(), 'service-bench-'));
  writeFileSync(join(dir, 'body.json'), first.text);
  start(['-e', CEILING_SERVER], { ...process.env, BODY_FILE: join(dir, 'body.json'), PORT: String(CEILING_PORT) });
  await waitFor(`http://127.0.0.1:${CEILING_PORT}/`);

  const targets: Array<[string, string, Record<string, string>]> = [
    ['ceiling', `http://127.0.0.1:${CEILING_PORT}/`, {}],
    ...scenarios.map(([name, path]): [string, string, Record<string, string>] => [name, `${base}/${path}`, scoped]),
  ];
  const rounds = new Map<string, LoadResult[]>(targets.map(([name]) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, url, headers] of targets) {
      const result = await measure({
        url,
        headers,
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS / ROUNDS,
        warmupMs: WARMUP_MS,
      });
      rounds.get(name)!.push(result);
    }
  }
  rmSync(dir, { recursive: true, force: true });
  // The servers stop first, so the in-process figures do not share the CPU with them.
  children.forEach((c) => c.kill('SIGTERM'));
  const inProcess = await measureInProcess(
    DB_FILE,
    scenarios.map(([name, path]): [string, string, Record<string, string>] => [name, `${base}/${path}`, scoped]),
    IN_PROCESS_MS,
  );
  const ceiling = combine(rounds.get('ceiling')!);
  const results = scenarios.map(([name]): [string, LoadResult] => [name, combine(rounds.get(name)!)]);

  const ms = (v: number) => v.toFixed(2);
  const row = (name: string, r: LoadResult, goal: string) =>
    `| ${name} | ${Math.round(r.perSecond).toLocaleString('en-US')} | ${ms(r.p50)} | ${ms(r.p99)} | ${((r.perSecond / ceiling.perSecond) * 100).toFixed(0)}% | ${r.errors} | ${goal} |`;
  console.log(
    `\nReporting Service benchmark: SQLite, 1,000,000 orders in the main shop, concurrency ${CONCURRENCY}, ${DURATION_MS / 1000} s per scenario in ${ROUNDS} interleaved rounds`,
  );
  console.log(
    `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}; load generator, service and ceiling share this machine.\n`,
  );
  console.log('| scenario | req/s | p50 ms | p99 ms | throughput vs ceiling | errors | goal |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  console.log(
    row(`ceiling: bare node:http, same ${first.text.length.toLocaleString('en-US')}-byte page`, ceiling, '—'),
  );
  for (const [name, r] of results) {
    const info = name.includes('(info)');
    const p50ok = r.p50 <= 10;
    const goal = info
      ? '—'
      : name.startsWith('(a)')
        ? `p50 ≤ 10 ms ${p50ok ? '✓' : '✗'}, ≥ 40% ${r.perSecond >= 0.4 * ceiling.perSecond ? '✓' : '✗'}`
        : `p50 ≤ 10 ms ${p50ok ? '✓' : '✗'}`;
    console.log(row(name, r, goal));
  }
  console.log(
    '\nIn-process handle(Request) latency, one request at a time (no network: the cost of the service alone):\n',
  );
  console.log('| scenario | requests | p50 ms | mean ms |');
  console.log('|---|---:|---:|---:|');
  for (const r of inProcess)
    console.log(`| ${r.name} | ${r.requests.toLocaleString('en-US')} | ${ms(r.p50)} | ${ms(r.mean)} |`);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
