// `npm run bench:load` (issue 10): 50 signed-in users against the whole dashboard stack in one
// process (the real route handlers, the process's upstream client and scheduler at 60/min, the
// embedded service with its own 60/min limit, the sync engine and the SQLite order store), for
// BENCH_LOAD_SECONDS (default 120). Each user picks a view, waits for it, thinks 1–3 s, repeats.
// Views: orders pages of the default range (last 30 days) and of the last 7 days, the SKU report,
// the overview, the SKU export (store-served), the refunds export (upstream). Prints p50/p95 per
// view, upstream requests, distinct views and errors. Not part of `npm test`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Server modules import 'server-only', which only resolves to a no-op under the react-server condition.
if (!process.execArgv.some((arg) => arg.includes('react-server'))) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-load-'));
  const run = spawnSync(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', fileURLToPath(import.meta.url)],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        DATA_DIR: dir,
        UPSTREAM_BASE_URL: '',
        REDIS_URL: '',
        DATABASE_URL: '',
        SERVICE_DATABASE_URL: '',
      },
    },
  );
  rmSync(dir, { recursive: true, force: true });
  process.exit(run.status ?? 1);
}

const USERS = Number(process.env.BENCH_LOAD_USERS ?? 50);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 120);
const ORIGIN = 'http://127.0.0.1:4210';
const STORE_VIEWS = new Set(['SKU report', 'overview', 'SKU export']);

type Route = (request: Request, context: { params: Promise<{ shopId: string }> }) => Promise<Response>;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function main() {
  const { getEmbeddedService } = await import('@/lib/service');
  const { POST: login } = await import('@/app/api/dashboard/session/route');
  const { GET: orders } = await import('@/app/api/dashboard/shops/[shopId]/orders/route');
  const { GET: skus } = await import('@/app/api/dashboard/shops/[shopId]/reports/sku-profit/route');
  const { GET: overview } = await import('@/app/api/dashboard/shops/[shopId]/reports/overview/route');
  const { GET: skuExport } = await import('@/app/api/dashboard/shops/[shopId]/exports/sku-profit/route');
  const { GET: refundsExport } = await import('@/app/api/dashboard/shops/[shopId]/exports/refunds/route');
  const { connectedShops } = await import('@/lib/api/server/loaders/shops');
  const { getSyncEngine } = await import('@/lib/sync');
  const { previousPeriod, resolveRange } = await import('@/lib/time');

  console.log(
    `bench:load on Node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${new Date().toISOString()}`,
  );
  // Count what reaches the upstream: every request of the process's client goes through handle().
  const service = await getEmbeddedService();
  const handle = service.handle.bind(service);
  const upstream: string[] = [];
  (service as { handle: typeof handle }).handle = (request, context) => {
    upstream.push(new URL(request.url).pathname);
    return handle(request, context);
  };

  const signIn = await login(
    new Request(`${ORIGIN}/api/dashboard/session`, {
      method: 'POST',
      headers: { origin: ORIGIN, host: new URL(ORIGIN).host, 'content-type': 'application/json' },
      body: JSON.stringify({ password: process.env.DASHBOARD_PASSWORD ?? 'demo' }),
    }),
  );
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (signIn.status !== 200 || !cookie) throw new Error(`sign-in failed: ${signIn.status}`);
  const shop = (await connectedShops())[0]!;

  // The store-served views need their range synced: sync the default range and the period before
  // it (the overview compares) first, as a seller's first visit would. Not timed.
  const engine = await getSyncEngine();
  const resolved = resolveRange({ preset: 'last-30-days' }, shop.timezone);
  const range = { from: resolved.from, to: resolved.to };
  console.log(`Syncing ${shop.shopName}'s last 30 days and the 30 before into the store at 60/min (not timed)…`);
  const syncStart = performance.now();
  await engine.sync(shop, range);
  await engine.sync(shop, previousPeriod(range));
  console.log(
    `  done in ${((performance.now() - syncStart) / 1000).toFixed(0)} s, ${upstream.length} upstream requests.`,
  );
  upstream.length = 0;

  const base = `/api/dashboard/shops/${shop.id}`;
  const views: { name: string; route: Route; path: string; weight: number }[] = [
    {
      name: 'orders, last 30 days p1',
      route: orders,
      path: `${base}/orders?range=last-30-days&page=1&limit=25`,
      weight: 4,
    },
    {
      name: 'orders, last 30 days p2',
      route: orders,
      path: `${base}/orders?range=last-30-days&page=2&limit=25`,
      weight: 2,
    },
    {
      name: 'orders, last 30 days p3',
      route: orders,
      path: `${base}/orders?range=last-30-days&page=3&limit=25`,
      weight: 1,
    },
    {
      name: 'orders, last 7 days p1',
      route: orders,
      path: `${base}/orders?range=last-7-days&page=1&limit=25`,
      weight: 2,
    },
    { name: 'SKU report', route: skus, path: `${base}/reports/sku-profit?range=last-30-days`, weight: 3 },
    { name: 'overview', route: overview, path: `${base}/reports/overview?range=last-30-days`, weight: 3 },
    { name: 'SKU export', route: skuExport, path: `${base}/exports/sku-profit?range=last-30-days`, weight: 1 },
    { name: 'refunds export', route: refundsExport, path: `${base}/exports/refunds?range=last-30-days`, weight: 1 },
  ];
  const bag = views.flatMap((v) => Array.from({ length: v.weight }, () => v));
  const latencies = new Map<string, number[]>(views.map((v) => [v.name, []]));
  const errors = new Map<string, string[]>(views.map((v) => [v.name, []]));
  const asked = new Set<string>();
  const askedPerMinute = new Set<string>();
  /** A view within one cache lifetime (10 s) can cost at most one upstream request per page it reads. */
  const askedPerCachePeriod = new Set<string>();
  const upstreamViews = new Set(views.filter((v) => !STORE_VIEWS.has(v.name)).map((v) => v.path));

  console.log(`${USERS} users for ${SECONDS} s…`);
  const end = performance.now() + SECONDS * 1000;
  const user = async () => {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 3_000));
    while (performance.now() < end) {
      const view = bag[Math.floor(Math.random() * bag.length)]!;
      asked.add(view.path);
      askedPerMinute.add(`${view.path}#${Math.floor(Date.now() / 60_000)}`);
      if (upstreamViews.has(view.path)) askedPerCachePeriod.add(`${view.path}#${Math.floor(Date.now() / 10_000)}`);
      const request = new Request(ORIGIN + view.path, { headers: { cookie, host: new URL(ORIGIN).host } });
      const t0 = performance.now();
      try {
        const response = await view.route(request, { params: Promise.resolve({ shopId: shop.id }) });
        await response.arrayBuffer();
        latencies.get(view.name)!.push(performance.now() - t0);
        if (response.status !== 200) errors.get(view.name)!.push(String(response.status));
      } catch (error) {
        errors.get(view.name)!.push(error instanceof Error ? error.message : String(error));
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000 + Math.random() * 2_000));
    }
  };
  await Promise.all(Array.from({ length: USERS }, user));

  const rows = views.map((v) => {
    const l = latencies.get(v.name)!;
    const e = errors.get(v.name)!;
    const goal = STORE_VIEWS.has(v.name) ? 300 : 5_000;
    return [
      v.name,
      STORE_VIEWS.has(v.name) ? 'store' : 'upstream',
      l.length,
      pct(l, 50).toFixed(0),
      pct(l, 95).toFixed(0),
      `≤ ${goal}`,
      pct(l, 95) <= goal ? 'met' : 'NOT met',
      e.length,
    ];
  });
  const { printTable } = await import('./sync/stats');
  printTable(
    `${USERS} users, ${SECONDS} s, embedded service at 60/min (one instance, SQLite store)`,
    ['view', 'served from', 'requests', 'p50 ms', 'p95 ms', 'goal p95 ms', '', 'errors'],
    rows,
  );
  const allErrors = [...errors.values()].flat();
  const orderPaths = upstream.filter((p) => p.endsWith('/orders-by-product')).length;
  // The views' own requests; the rest is the shop list's background refresh and the sync's.
  const viewRequests = orderPaths + upstream.filter((p) => p.endsWith('/refunds')).length;
  const served = views.filter((v) => !STORE_VIEWS.has(v.name)).reduce((n, v) => n + latencies.get(v.name)!.length, 0);
  printTable(
    'Upstream spend',
    [
      'upstream-served views answered',
      'upstream requests (all)',
      'for those views',
      'distinct views',
      'distinct (view, minute)',
      'distinct (upstream view, 10 s)',
      'goal: view requests ≤ that',
      'errors',
    ],
    [
      [
        served,
        upstream.length,
        viewRequests,
        asked.size,
        askedPerMinute.size,
        askedPerCachePeriod.size,
        viewRequests <= askedPerCachePeriod.size ? 'met' : 'NOT met',
        allErrors.length,
      ],
    ],
  );
  if (allErrors.length > 0) console.log(`Errors: ${[...new Set(allErrors)].join(', ')}`);
  await engine.stop();
}

setTimeout(
  () => {
    console.error('bench:load exceeded its time limit; stopping.');
    process.exit(1);
  },
  (SECONDS + 600) * 1000,
).unref();

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
