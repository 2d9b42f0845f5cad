// `npm run bench:keys`: one client's backfill never slows another client's pages. The embedded
// service's two accounts (demo-app-key, other-app-key), each its own key; the dashboard's one
// routed client over both (lib/connections/routing). Client A's key backfills without end (as a
// one-year sync does: background pages, paced); people on client B's shop click every ~4 s (three
// people, so about 45 clicks a minute) and one person on A's shop clicks every ~12 s. Run twice in
// the same process: "one budget" (both keys' requests through one scheduler and limiter: one key
// in the environment for every client, as before connections) and "a budget per key" (each
// connection its own scheduler, as now). Prints the click waits, the backfill's throughput and 429s.
// Time is scaled by BENCH_TIME_SCALE (default 5: the upstream's minute lasts 12 s); figures are
// converted back to full scale. Not part of `npm test`.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { RoutedClient, type Route } from '@/lib/connections/routing';
import { keyPrefix } from '@/lib/connections/store';
import { SlidingWindowLimiter } from '@/lib/rate-limit/sliding-window';
import { planDemoData, writeDemoData } from '@/lib/service/demo';
import { createServiceHandler } from '@/lib/service/handler';
import { createServiceStore } from '@/lib/service/store';
import { createUpstreamClient } from '@/lib/upstream/client';
import { reserveFor, Scheduler } from '@/lib/upstream/scheduler';
import type { UpstreamClient } from '@/lib/upstream/types';

const SCALE = Number(process.env.BENCH_TIME_SCALE ?? 5);
const RUN_MS = Number(process.env.BENCH_KEYS_SECONDS ?? 300) * 1000; // full-scale duration
const LIMIT = 60;
const BASE = 'http://embedded.invalid';

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Result {
  waitsB: number[];
  waitsA: number[];
  backfillPages: number;
  rateLimited: number;
}

async function scenario(
  mode: 'one budget' | 'a budget per key',
  handle: (request: Request) => Promise<Response>,
): Promise<Result> {
  let rateLimited = 0;
  const fetch = async (request: Request) => {
    const response = await handle(request);
    if (response.status === 429) rateLimited += 1;
    return response;
  };
  const schedulerOf = (key: string) =>
    new Scheduler({
      key,
      limiter: new SlidingWindowLimiter({ limit: LIMIT, windowMs: 61_000 / SCALE, reserve: reserveFor(LIMIT) }),
    });
  const shared = schedulerOf('shared');
  const client = (appKey: string, appSecret: string): UpstreamClient =>
    createUpstreamClient({
      baseUrl: BASE,
      appKey,
      appSecret,
      fetch,
      scheduler: mode === 'one budget' ? shared : schedulerOf(appKey),
      cacheTtlMs: 0,
    });
  const a = client('demo-app-key', 'demo-app-secret');
  const b = client('other-app-key', 'other-app-secret');
  const routes: Route[] = [
    { connectionId: null, name: 'Client A', prefix: '', client: a },
    { connectionId: 'b', name: 'Client B', prefix: keyPrefix(BASE, 'other-app-key'), client: b },
  ];
  const routed = new RoutedClient(async () => routes, a);
  const { shops } = await routed.allShops('interactive');
  const shopA = shops.find((x) => x.connection.name === 'Client A')!;
  const shopB = shops.find((x) => x.connection.name === 'Client B')!;

  const end = Date.now() + RUN_MS / SCALE;
  const result: Result = { waitsB: [], waitsA: [], backfillPages: 0, rateLimited: 0 };
  const backfill = (async () => {
    for (let page = 1; Date.now() < end; page += 1) {
      const signal = AbortSignal.timeout(Math.max(1, end - Date.now()));
      const answered = await routed
        .orders(shopA.id, { page: (page % 50) + 1, limit: 100 }, { priority: 'background', signal })
        .then(() => true)
        .catch(() => false);
      if (answered) result.backfillPages += 1;
    }
  })();
  const person = async (shopId: string, everyMs: number, waits: number[], offset: number) => {
    await sleep(offset / SCALE);
    while (Date.now() < end) {
      const started = Date.now();
      await routed.orders(shopId, { page: 1, limit: 25 }, { priority: 'interactive' }).catch(() => undefined);
      waits.push((Date.now() - started) * SCALE);
      await sleep((everyMs * (0.5 + Math.random())) / SCALE);
    }
  };
  await Promise.all([
    backfill,
    person(shopB.id, 4_000, result.waitsB, 0),
    person(shopB.id, 4_000, result.waitsB, 1_300),
    person(shopB.id, 4_000, result.waitsB, 2_600),
    person(shopA.id, 12_000, result.waitsA, 500),
  ]);
  result.rateLimited = rateLimited;
  return result;
}

async function main() {
  console.log(
    `bench:keys on Node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${new Date().toISOString()}`,
  );
  console.log(
    `Two keys of the embedded service at ${LIMIT} requests a minute each; ${RUN_MS / 60_000} minutes at time scale ${SCALE} (figures at full scale).`,
  );
  console.log(
    'Mix: client A backfills without end (background pages of 100 orders); three people click on client B’s shop every ~4 s, one on client A’s every ~12 s.',
  );
  const dir = mkdtempSync(join(tmpdir(), 'bench-keys-'));
  try {
    const service = await createServiceStore({ sqliteFile: join(dir, 'service.db') });
    await writeDemoData((work) => service.db.transaction().execute(work), planDemoData({ mainShopOrders: 20_000 }), {
      sqlite: service.sqlite,
    });
    // The service enforces each key's 60 a minute itself (scaled), as a real upstream would.
    const handler = createServiceHandler({
      store: service,
      ratePerMinute: LIMIT * SCALE,
      ipRatePerMinute: 1e9,
    });
    const handle = (request: Request) => handler.handle(request, { clientIp: '127.0.0.1' });
    const rows: string[][] = [];
    for (const mode of ['one budget', 'a budget per key'] as const) {
      const r = await scenario(mode, handle);
      rows.push([
        mode,
        `${r.waitsB.length}`,
        s(pct(r.waitsB, 50)),
        s(pct(r.waitsB, 95)),
        s(Math.max(...r.waitsB)),
        s(pct(r.waitsA, 95)),
        `${(r.backfillPages / (RUN_MS / 60_000)) | 0}/min`,
        `${r.rateLimited}`,
      ]);
    }
    const head = ['budget', 'B clicks', 'B p50', 'B p95', 'B max', 'A p95', 'A backfill', '429s'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
    console.log(line(head));
    for (const row of rows) console.log(line(row));
    const [before, after] = rows.map((row) => row[3]!);
    console.log(
      `Client B's p95 click wait while client A backfills: ${before} with one budget, ${after} with a budget per key.`,
    );
    await service.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
