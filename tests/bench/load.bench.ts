// `npm run bench:load`: 50 signed-in people browsing the production build for BENCH_LOAD_SECONDS
// (default 120), as the outside check did: three shops, two of them with their last 30 days and the
// 30 before synced first, the third never opened; each person picks a shop and a view, waits for
// it, thinks 1–3 s and goes on. Views (weights): the orders, SKU profit and overview pages (HTML, a
// direct load with the server's prefetch), the orders list pages 1–3 and today's, the SKU profit
// report, the overview, Pricing's report, and the SKU, products and orders exports, all on the default range (the
// last 30 days, today included). The app talks to the standalone Reporting Service at its real
// limit (60 requests a minute per key) through a proxy that counts every request.
//
// Prints per view p50/p95/max and errors, split by shops whose range is stored and the shop that
// never was, the share answered from the store, and the upstream's requests: in all, in the busiest
// 60 s, and 429s. Targets: 0 errors, p95 ≤ 300 ms for every view whose range is stored,
// no view over 5 s, ≤ 60 upstream requests in any 60 s. Not part of `npm test`.
//
// Memory: the app's resident memory and V8 heap in use (its /api/metrics, scraped every 10 s) before
// the people start and at the end of each minute. `npm run bench:soak` is this mix with 200 people
// for 10 minutes; its goal is a plateau: RSS within ±10 % over the last five minutes.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error -- plain JavaScript build script, no types
import { buildProduction, builtFingerprint, sourceFingerprint } from '../../scripts/build-fingerprint.mjs';
import { startBuiltApp, startService, type Spawned } from '../e2e/support/spawn-app';
import { printTable } from './sync/stats';
import { browse, pct, shopApi as api, type Sample, type View } from './people';
import { busiestMinute, startUpstreamProxy } from './upstream-proxy';

const USERS = Number(process.env.BENCH_LOAD_USERS ?? 50);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 120);
const PORT = Number(process.env.BENCH_LOAD_PORT ?? 4230);
const [SERVICE_PORT, PROXY_PORT, APP_PORT] = [PORT, PORT + 1, PORT + 2];
const APP = `http://127.0.0.1:${APP_PORT}`;
const PASSWORD = `pw-${randomBytes(6).toString('hex')}`;
const STORED_GOAL_MS = 300;
const METRICS_TOKEN = `metrics-${randomBytes(12).toString('hex')}`;
const PLATEAU = 0.1;
const ANY_GOAL_MS = 5_000;

const VIEWS: View[] = [
  { name: 'page /orders', path: (s) => `/orders?shop=${s}`, weight: 2 },
  { name: 'page /sku-profit', path: (s) => `/sku-profit?shop=${s}`, weight: 1 },
  { name: 'page / (overview)', path: (s) => `/?shop=${s}`, weight: 1 },
  { name: 'orders p1', path: (s) => `${api(s)}/orders?range=last-30-days&page=1&limit=25`, weight: 4 },
  { name: 'orders p2', path: (s) => `${api(s)}/orders?range=last-30-days&page=2&limit=25`, weight: 2 },
  { name: 'orders p3', path: (s) => `${api(s)}/orders?range=last-30-days&page=3&limit=25`, weight: 1 },
  { name: 'orders today p1', path: (s) => `${api(s)}/orders?range=today&page=1&limit=25`, weight: 1 },
  { name: 'SKU profit', path: (s) => `${api(s)}/reports/sku-profit?range=last-30-days`, weight: 3 },
  { name: 'overview', path: (s) => `${api(s)}/reports/overview?range=last-30-days`, weight: 3 },
  { name: 'pricing', path: (s) => `${api(s)}/reports/pricing?range=last-30-days`, weight: 1 },
  { name: 'SKU export', path: (s) => `${api(s)}/exports/sku-profit?range=last-30-days`, weight: 1 },
  { name: 'products export', path: (s) => `${api(s)}/exports/products?range=last-30-days`, weight: 1 },
  { name: 'orders export', path: (s) => `${api(s)}/exports/orders?range=last-30-days`, weight: 1 },
];

/** BENCH_LOAD_ONLY: a comma-separated list of view names (a part of the name) to run alone, to find what costs. */
const ONLY = (process.env.BENCH_LOAD_ONLY ?? '').split(',').filter(Boolean);
const MIX = ONLY.length === 0 ? VIEWS : VIEWS.filter((v) => ONLY.some((o) => v.name.includes(o)));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as { data: T };
  return body.data;
}

interface Memory {
  at: number;
  rssMb: number;
  heapMb: number;
}

/** The app's resident memory and V8 heap in use, from its Prometheus metrics (prom-client's defaults). */
async function readMemory(): Promise<Memory> {
  const text = await (
    await fetch(`${APP}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) / 1e6;
  return {
    at: Date.now(),
    rssMb: value('process_resident_memory_bytes'),
    heapMb: value('nodejs_heap_size_used_bytes'),
  };
}

/** RSS and heap before the people started and at the end of each minute; the last five minutes' spread. */
function printMemory(samples: Memory[]): void {
  const start = samples[0]!;
  const rows: (string | number)[][] = [['before', start.rssMb.toFixed(0), start.heapMb.toFixed(0)]];
  const minutes: Memory[] = [];
  for (let minute = 1; minute <= Math.ceil(SECONDS / 60); minute++) {
    const due = start.at + minute * 60_000;
    const at = samples.filter((m) => m.at <= due + 5_000).at(-1);
    if (at && at !== start) {
      minutes.push(at);
      rows.push([`minute ${minute}`, at.rssMb.toFixed(0), at.heapMb.toFixed(0)]);
    }
  }
  printTable('The app process: resident memory and V8 heap in use', ['when', 'RSS MB', 'heap MB'], rows);
  const last = minutes.slice(-5).map((m) => m.rssMb);
  if (minutes.length >= 6) {
    const mid = (Math.max(...last) + Math.min(...last)) / 2;
    const spread = (Math.max(...last) - Math.min(...last)) / 2 / mid;
    console.log(
      `RSS over the last five minutes: ${Math.min(...last).toFixed(0)}–${Math.max(...last).toFixed(0)} MB, ±${(spread * 100).toFixed(1)} % (goal ±${PLATEAU * 100} %: ${spread <= PLATEAU ? 'plateau' : 'STILL MOVING'}); before the load ${start.rssMb.toFixed(0)} MB`,
    );
  }
}

async function main() {
  console.log(
    `bench:load on Node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${new Date().toISOString()}`,
  );
  if (builtFingerprint() !== sourceFingerprint()) {
    console.log('Building the production app first (not timed)…');
    if (buildProduction() !== 0) throw new Error('the production build failed');
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-load-'));
  let service: Spawned | undefined;
  let app: Spawned | undefined;
  const proxy = await startUpstreamProxy(`http://127.0.0.1:${SERVICE_PORT}`, { app: PROXY_PORT });
  const upstream = proxy.requests;
  try {
    service = await startService(SERVICE_PORT, { DATA_DIR: join(dir, 'service') });
    app = await startBuiltApp(APP_PORT, {
      DATA_DIR: join(dir, 'app'),
      UPSTREAM_BASE_URL: `http://127.0.0.1:${PROXY_PORT}`,
      UPSTREAM_APP_KEY: 'demo-app-key',
      UPSTREAM_APP_SECRET: 'demo-app-secret',
      DASHBOARD_PASSWORD: PASSWORD,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SESSION_COOKIE_SECURE: 'false',
      REDIS_URL: '',
      DATABASE_URL: '',
      METRICS_TOKEN,
    });
    const signIn = await fetch(`${APP}/api/dashboard/session`, {
      method: 'POST',
      headers: { origin: APP, 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    if (!signIn.ok || !cookie) throw new Error(`sign-in failed: ${signIn.status}`);
    const headers = { cookie, origin: APP };
    const shops = (
      await json<{ items: { id: string; shopName: string }[] }>(await fetch(`${APP}/api/dashboard/shops`, { headers }))
    ).items.slice(0, 3);
    if (shops.length < 3) throw new Error(`the demo lists ${shops.length} shops; the mix needs three`);
    const [a, b, never] = shops as [(typeof shops)[0], (typeof shops)[0], (typeof shops)[0]];

    // Two shops' last 30 days and the 30 before (the overview compares) synced first, not timed.
    console.log(`Syncing ${a.shopName} and ${b.shopName}: last 30 days and the 30 before, at 60/min (not timed)…`);
    const syncStart = Date.now();
    for (const shop of [a, b]) {
      await fetch(`${APP}${api(shop.id)}/sync?compare=1`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ range: 'last-30-days' }),
      });
      for (;;) {
        const status = await json<{ sync: { running: boolean; state: string }; coverage: { complete: boolean } }>(
          await fetch(`${APP}${api(shop.id)}/sync?range=last-30-days`, { headers }),
        );
        if (status.coverage.complete && !status.sync.running) break;
        if (Date.now() - syncStart > 15 * 60_000) throw new Error('the first sync took over 15 minutes');
        await sleep(2_000);
      }
    }
    console.log(`  done in ${((Date.now() - syncStart) / 1000).toFixed(0)} s, ${upstream.length} upstream requests.`);
    const before = upstream.length;
    const started = Date.now();

    const samples = new Map<string, Sample[]>();
    const key = (view: View, stored: boolean) => `${view.name}\u0000${stored ? 'stored' : 'never synced'}`;
    const memory: Memory[] = [await readMemory()];
    const sampler = setInterval(
      () =>
        void readMemory().then(
          (m) => memory.push(m),
          () => {},
        ),
      10_000,
    );
    console.log(`${USERS} people for ${SECONDS} s…`);
    await browse({
      base: APP,
      people: Array.from({ length: USERS }, () => ({ cookie })),
      views: MIX,
      // Shops: the two synced ones 40% each, the one never opened 20%.
      shops: [a.id, a.id, b.id, b.id, never.id],
      thinkMs: [1_000, 3_000],
      arrivalMs: 3_000,
      signal: AbortSignal.timeout(SECONDS * 1000),
      record: (sample) => {
        const k = key(sample.view, sample.shop !== never.id);
        if (!samples.has(k)) samples.set(k, []);
        samples.get(k)!.push(sample);
      },
    });
    clearInterval(sampler);
    memory.push(await readMemory());

    const rows: (string | number)[][] = [];
    let errors = 0;
    let storedOver = 0;
    let anyOver = 0;
    for (const stored of [true, false])
      for (const view of MIX) {
        const s = samples.get(key(view, stored)) ?? [];
        const ms = s.map((x) => x.ms);
        // An export of a range not stored yet is refused with a sentence (409 NOT_SYNCED_YET): an
        // answer, counted on its own, not an error.
        const notYet = s.filter((x) => x.code === 'NOT_SYNCED_YET').length;
        const failed = s.filter((x) => x.status !== 200 && x.code !== 'NOT_SYNCED_YET').length;
        const fromStore = s.filter((x) => x.source === 'store').length;
        const withSource = s.filter((x) => x.source !== null).length;
        errors += failed;
        if (stored && pct(ms, 95) > STORED_GOAL_MS) storedOver++;
        if (ms.some((t) => t > ANY_GOAL_MS)) anyOver++;
        rows.push([
          view.name,
          stored ? 'stored' : 'never synced',
          s.length,
          pct(ms, 50).toFixed(0),
          pct(ms, 95).toFixed(0),
          Math.max(0, ...ms).toFixed(0),
          withSource === 0 ? '—' : `${fromStore}/${withSource}`,
          notYet,
          failed === 0
            ? 0
            : `${failed} (${[...new Set(s.filter((x) => x.status !== 200 && x.code !== 'NOT_SYNCED_YET').map((x) => x.code ?? x.status))].join(', ')})`,
        ]);
      }
    printTable(
      `${USERS} people, ${SECONDS} s, the production build against the standalone service at 60/min (SQLite store, one instance)`,
      ['view', 'shop', 'requests', 'p50 ms', 'p95 ms', 'max ms', 'from the store', '409 not synced yet', 'errors'],
      rows,
    );
    const during = upstream.slice(before);
    const busiest = busiestMinute(during);
    const limited = during.filter((r) => r.status === 429).length;
    const byPath = new Map<string, number>();
    for (const r of during) {
      const name = r.path.replace(/^.*\/api\/v1\//, '').replace(/shops\/[^/]+\//, 'shops/:id/');
      byPath.set(name, (byPath.get(name) ?? 0) + 1);
    }
    const answered = [...samples.values()].flat().length;
    console.log(
      `\nUpstream during the run (${((Date.now() - started) / 1000).toFixed(0)} s): ${during.length} requests, busiest 60 s ${busiest} (goal ≤ 60), 429s ${limited}; ` +
        [...byPath].map(([p, n]) => `${p} ${n}`).join(', '),
    );
    console.log(
      `Targets: errors ${errors} of ${answered} (goal 0); views whose range is stored with p95 over ${STORED_GOAL_MS} ms: ${storedOver} (goal 0); ` +
        `views with an answer over ${ANY_GOAL_MS / 1000} s: ${anyOver} (goal 0); busiest 60 s upstream ${busiest} (goal ≤ 60).`,
    );
    printMemory(memory);
  } finally {
    await app?.stop();
    await service?.stop();
    await proxy.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

setTimeout(
  () => {
    console.error('bench:load exceeded its time limit; stopping.');
    process.exit(1);
  },
  (SECONDS + 25 * 60) * 1000,
).unref();

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
