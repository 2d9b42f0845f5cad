// `npm run bench:load`: signed-in people browsing the production build, in the mix measured from
// outside (issue mix): orders API 40 % (pages 1, 2, 3 of the last 30 days and today's), SKU report
// 15 %, overview 5 %, the orders and SKU profit pages 15 %, exports 25 % (SKU profit, products,
// orders); BENCH_LOAD_USERS people (200) for BENCH_LOAD_SECONDS (300), each waiting
// BENCH_LOAD_THINK_MS (500-2000) between answers. Three shops: two with their last 30 days and the
// 30 before synced first (not timed), the third never opened; people pick them 40/40/20 %. The app
// talks to the standalone Reporting Service at its real limit (60 requests a minute per key)
// through a proxy that counts every request.
//
// Prints each view's cost alone (sequential, warm, before the people start), then per view
// p50/p95/max and errors under load, split by shops whose range is stored and the shop that never
// was, and the upstream's requests. Beside the mix, one seller keeps a stored shop's Pricing page
// open, asking for it every 2 minutes: how often its model was learned (the app's
// spd_kept_learnings_total) says whether kept answers live until their data changes. Memory: the
// app's resident memory (its peak from /proc, VmHWM) and V8 heap at the end of each minute.
// `npm run bench:soak` is 200 people for 30 minutes, each opening a page or view every 5–15 s.
// BENCH_LOAD_PROFILE=<dir> runs the app under `--cpu-prof` and prints where its CPU went.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error -- plain JavaScript build script, no types
import { buildProduction, builtFingerprint, sourceFingerprint } from '../../scripts/build-fingerprint.mjs';
import { startBuiltApp, startService, type Spawned } from '../e2e/support/spawn-app';
import { printTable } from './sync/stats';
import { summariseProfiles } from './load/cpu-profile';
import { REALISTIC_MIX, shopApi, type View } from './people';
// @ts-expect-error -- plain JavaScript start script, no types
import { serverEnv, serverNodeFlags } from '../../scripts/server-memory.mjs';

const USERS = Number(process.env.BENCH_LOAD_USERS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 300);
const [THINK_MIN, THINK_MAX] = (process.env.BENCH_LOAD_THINK_MS ?? '500-2000').split('-').map(Number) as [
  number,
  number,
];
const WATCH_EVERY_MS = 120_000;
const PORT = Number(process.env.BENCH_LOAD_PORT ?? 4230);
const [SERVICE_PORT, PROXY_PORT, APP_PORT] = [PORT, PORT + 1, PORT + 2];
const APP = `http://127.0.0.1:${APP_PORT}`;
const PASSWORD = `pw-${randomBytes(6).toString('hex')}`;
const STORED_GOAL_MS = 300;
const METRICS_TOKEN = `metrics-${randomBytes(12).toString('hex')}`;
const PLATEAU = 0.1;
const ANY_GOAL_MS = 5_000;
const PROFILE = process.env.BENCH_LOAD_PROFILE ?? '';
/**
 * The last run's figures, kept on this machine (not committed) so each run prints them beside its
 * own and a regression shows in the numbers: one file per people × seconds × think time, since a
 * soak and a 5-minute run are not comparable.
 */
function lastRunFile(): string {
  const only = ONLY.length === 0 ? '' : `-only-${ONLY.join('+').replace(/[^a-z0-9+]+/gi, '_')}`;
  return join('.bench-results', `load-${USERS}p-${SECONDS}s-${THINK_MIN}-${THINK_MAX}ms${only}.json`);
}

interface RunFigures {
  at: string;
  /** p50/p95 ms per view asked alone. */
  alone: Record<string, (number | null)[]>;
  /** p50/p95 ms and errors per view and shop kind under load. */
  load: Record<string, (number | null)[]>;
  peakRssMb: number | null;
}

function readLastRun(): RunFigures | null {
  try {
    return JSON.parse(readFileSync(lastRunFile(), 'utf8')) as RunFigures;
  } catch {
    return null;
  }
}

function writeRun(figures: RunFigures): void {
  mkdirSync('.bench-results', { recursive: true });
  writeFileSync(lastRunFile(), JSON.stringify(figures, null, 2));
}

/** "p50/p95 (last run's)", or "—" when there was no last run of the same shape. */
const beside = (last: (number | null)[] | undefined) =>
  last
    ? last
        .slice(0, 2)
        .map((ms) => (typeof ms === 'number' ? ms.toFixed(0) : '—'))
        .join('/')
    : '—';

/** BENCH_LOAD_ONLY: a comma-separated list of view names (a part of the name) to run alone, to find what costs. */
const ONLY = (process.env.BENCH_LOAD_ONLY ?? '').split(',').filter(Boolean);
/** The mix of tests/bench/people.ts, which bench:scale measures too. */
const MIX = ONLY.length === 0 ? REALISTIC_MIX : REALISTIC_MIX.filter((v) => ONLY.some((o) => v.name.includes(o)));

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every request the app sends the upstream: when, what, and the answer's status. */
const upstream: { at: number; path: string; status: number }[] = [];

function startProxy() {
  const server = createServer(async (req, res) => {
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(key, value);
    try {
      const answer = await fetch(`http://127.0.0.1:${SERVICE_PORT}${req.url}`, { headers });
      const body = Buffer.from(await answer.arrayBuffer());
      upstream.push({ at: Date.now(), path: (req.url ?? '').split('?')[0]!, status: answer.status });
      const out: Record<string, string> = {};
      answer.headers.forEach((value, key) => {
        if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(key)) out[key] = value;
      });
      res.writeHead(answer.status, out);
      res.end(body);
    } catch {
      res.writeHead(502).end();
    }
  });
  return new Promise<typeof server>((resolve) => server.listen(PROXY_PORT, '127.0.0.1', () => resolve(server)));
}

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
  // MiB, as the kernel's VmHWM below (and MEMORY_BUDGET_MB) count them.
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) / 2 ** 20;
  return {
    at: Date.now(),
    rssMb: value('process_resident_memory_bytes'),
    heapMb: value('nodejs_heap_size_used_bytes'),
  };
}

/** How often the app learned a kept answer (`what`: pricing-model, settlement-report), from its metrics. */
async function learnings(what: string): Promise<number> {
  const text = await (
    await fetch(`${APP}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  return Number(new RegExp(`^spd_kept_learnings_total\\{what="${what}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
}

/** The app process's peak resident memory so far (MB), as the kernel counts it. */
function peakRssMb(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
  } catch {
    return NaN;
  }
}

/** Each view's cost alone: sequential asks on a stored shop, warm (3 first asks not counted). */
async function aloneCosts(
  shop: string,
  headers: Record<string, string>,
  last: RunFigures | null,
  figures: RunFigures,
): Promise<void> {
  const rows: (string | number)[][] = [];
  for (const view of [{ name: '/api/health (fixed cost)', path: () => '/api/health', weight: 0 }, ...MIX]) {
    const ms: number[] = [];
    for (let i = 0; i < 23; i++) {
      const t0 = performance.now();
      const response = await fetch(APP + view.path(shop), { headers, redirect: 'manual' });
      await response.arrayBuffer();
      if (i >= 3) ms.push(performance.now() - t0);
    }
    figures.alone[view.name] = [pct(ms, 50), pct(ms, 95)];
    rows.push([view.name, pct(ms, 50).toFixed(1), pct(ms, 95).toFixed(1), beside(last?.alone[view.name])]);
  }
  printTable(
    `Each view alone (sequential, warm, a stored shop; 20 asks)${last ? `; last run ${last.at}` : '; no last run of this shape on this machine'}`,
    ['view', 'p50 ms', 'p95 ms', "last run's p50/p95"],
    rows,
  );
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
  const proxy = await startProxy();
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
      ...(PROFILE ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${PROFILE}` } : {}),
    });
    console.log(
      `The app runs as \`npm start\` runs it: node ${(serverNodeFlags() as string[]).join(' ')}, MALLOC_ARENA_MAX=${(serverEnv() as Record<string, string>).MALLOC_ARENA_MAX} (MEMORY_BUDGET_MB ${process.env.MEMORY_BUDGET_MB ?? 512}).`,
    );
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
      await fetch(`${APP}${shopApi(shop.id)}/sync?compare=1`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ range: 'last-30-days' }),
      });
      for (;;) {
        const status = await json<{ sync: { running: boolean; state: string }; coverage: { complete: boolean } }>(
          await fetch(`${APP}${shopApi(shop.id)}/sync?range=last-30-days`, { headers }),
        );
        if (status.coverage.complete && !status.sync.running) break;
        if (Date.now() - syncStart > 15 * 60_000) throw new Error('the first sync took over 15 minutes');
        await sleep(2_000);
      }
    }
    console.log(`  done in ${((Date.now() - syncStart) / 1000).toFixed(0)} s, ${upstream.length} upstream requests.`);
    console.log(
      `Load average before: ${readFileSync('/proc/loadavg', 'utf8').trim()}. The mix (percent): ${MIX.map((v) => `${v.name} ${v.weight}`).join(', ')}; think ${THINK_MIN}–${THINK_MAX} ms.`,
    );
    const last = readLastRun();
    const figures: RunFigures = { at: new Date().toISOString(), alone: {}, load: {}, peakRssMb: NaN };
    await aloneCosts(a.id, headers, last, figures);
    const before = upstream.length;
    const started = Date.now();
    const learnedBefore = await learnings('pricing-model');

    type Sample = { ms: number; status: number; source: string | null; code?: string };
    const samples = new Map<string, Sample[]>();
    const key = (view: View, stored: boolean) => `${view.name}\u0000${stored ? 'stored' : 'never synced'}`;
    const bag = MIX.flatMap((v) => Array.from({ length: v.weight }, () => v));
    // Shops: the two synced ones 40% each, the one never opened 20%.
    const shopBag = [a, a, b, b, never];
    const end = performance.now() + SECONDS * 1000;
    const person = async () => {
      await sleep(Math.random() * 3_000);
      while (performance.now() < end) {
        const view = bag[Math.floor(Math.random() * bag.length)]!;
        const shop = shopBag[Math.floor(Math.random() * shopBag.length)]!;
        const t0 = performance.now();
        let sample: Sample;
        try {
          const response = await fetch(APP + view.path(shop.id), { headers, redirect: 'manual' });
          const text = await response.text();
          let source = response.headers.get('x-export-source');
          let code: string | undefined;
          if (response.headers.get('content-type')?.includes('json')) {
            const parsed = JSON.parse(text) as { data?: { source?: string }; error?: { code?: string } };
            source ??= parsed.data?.source ?? null;
            code = parsed.error?.code;
          }
          sample = { ms: performance.now() - t0, status: response.status, source, code };
        } catch {
          sample = { ms: performance.now() - t0, status: 0, source: null };
        }
        const k = key(view, shop !== never);
        if (!samples.has(k)) samples.set(k, []);
        samples.get(k)!.push(sample);
        await sleep(THINK_MIN + Math.random() * (THINK_MAX - THINK_MIN));
      }
    };
    const memory: Memory[] = [await readMemory()];
    const sampler = setInterval(
      () =>
        void readMemory().then(
          (m) => memory.push(m),
          () => {},
        ),
      10_000,
    );
    // Beside the mix: a seller with a stored shop's Pricing page open, asking again every 2 minutes.
    const pricing: number[] = [];
    const watcher = async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const answer = await fetch(`${APP}${shopApi(a.id)}/reports/pricing?range=last-30-days`, { headers });
        await answer.arrayBuffer();
        pricing.push(performance.now() - t0);
        await sleep(Math.min(WATCH_EVERY_MS, Math.max(0, end - performance.now())));
      }
    };
    console.log(`${USERS} people for ${SECONDS} s…`);
    await Promise.all([...Array.from({ length: USERS }, person), watcher()]);
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
        const loadKey = `${view.name} (${stored ? 'stored' : 'never synced'})`;
        figures.load[loadKey] = [pct(ms, 50), pct(ms, 95), failed];
        const lastLoad = last?.load[loadKey];
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
          lastLoad ? `${beside(lastLoad)}, ${lastLoad[2]} errors` : '—',
        ]);
      }
    printTable(
      `${USERS} people, ${SECONDS} s, the production build against the standalone service at 60/min (SQLite store, one instance)`,
      [
        'view',
        'shop',
        'requests',
        'p50 ms',
        'p95 ms',
        'max ms',
        'from the store',
        '409 not synced yet',
        'errors',
        "last run's p50/p95",
      ],
      rows,
    );
    const during = upstream.slice(before);
    let busiest = 0;
    for (let i = 0, j = 0; i < during.length; i++) {
      while (during[i]!.at - during[j]!.at >= 60_000) j++;
      busiest = Math.max(busiest, i - j + 1);
    }
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
    const learned = (await learnings('pricing-model')) - learnedBefore;
    const peak = peakRssMb(app.process.pid);
    figures.peakRssMb = peak;
    writeRun(figures);
    console.log(
      `Peak RSS of the app: ${peak.toFixed(0)} MB (VmHWM, start included; goal ≤ 512${typeof last?.peakRssMb === 'number' ? `; last run ${last.peakRssMb.toFixed(0)} MB` : ''}). ` +
        `${a.shopName}'s Pricing page, asked ${pricing.length} times over the run: its model learned ${learned} time(s) (goal: once, or none when kept from the warm-up); p50 ${pct(pricing, 50).toFixed(0)} ms, max ${Math.max(0, ...pricing).toFixed(0)} ms.`,
    );
  } finally {
    await app?.stop();
    await service?.stop();
    if (PROFILE) summariseProfiles(PROFILE, process.cwd());
    await new Promise((resolve) => proxy.close(resolve));
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
