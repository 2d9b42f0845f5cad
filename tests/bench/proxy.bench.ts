// `npm run bench:proxy`: what the dashboard's API layer adds to an orders call. Same run, same
// upstream (the embedded service over loopback HTTP), same queries:
//   direct    — GET /api/v1/orders-by-product on the service, body read
//   dashboard — the real GET /api/dashboard/shops/[shopId]/orders handler with a session cookie:
//               session unseal, zod query, shop check, range resolution, scheduler, upstream call,
//               contract validation, envelope; body read.
// Latency runs until the last byte of the body is read; what the caller then does with it is the
// same on both paths.
// Cold: every query distinct (the client cache misses). Cached: one query repeated (cache hits).
// In-process: Next's own HTTP server in front of the route is not part of the figure.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runUnderReactServer } from './server-bench';

runUnderReactServer(import.meta.url);

const PORT = 3240;
const COLD_QUERIES = 200;
const CACHED_ITERATIONS = 500;
const GOALS = { cold: 3, cached: 1 };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function main() {
  const { createEmbeddedService } = await import('@/lib/service');
  const { createUpstreamClient, Scheduler } = await import('@/lib/upstream');
  const { SlidingWindowLimiter } = await import('@/lib/rate-limit/sliding-window');
  const { setUpstreamClientForTests } = await import('@/lib/server/upstream');
  const { POST: login } = await import('@/app/api/dashboard/session/route');
  const { GET: orders } = await import('@/app/api/dashboard/shops/[shopId]/orders/route');
  const { addDays, resolveRange, shopLocalDate } = await import('@/lib/time');

  const dir = mkdtempSync(join(tmpdir(), 'bench-proxy-'));
  const service = await createEmbeddedService({
    sqliteFile: join(dir, 'service.db'),
    ratePerMinute: 1e9,
    ipRatePerMinute: 1e9,
  });
  const server = createServer(async (req, res) => {
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const response = await service.handle(new Request(`http://127.0.0.1:${PORT}${req.url}`, { headers }), {
      clientIp: '127.0.0.1',
    });
    const body = Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, { ...Object.fromEntries(response.headers), 'Content-Length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));

  try {
    const base = `http://127.0.0.1:${PORT}`;
    const auth = { 'X-App-Key': 'demo-app-key', 'X-App-Secret': 'demo-app-secret' };
    const scheduler = new Scheduler({
      key: 'demo-app-key',
      limiter: new SlidingWindowLimiter({ limit: 1e7, windowMs: 60_000 }),
    });
    setUpstreamClientForTests(
      createUpstreamClient({
        baseUrl: base,
        appKey: auth['X-App-Key'],
        appSecret: auth['X-App-Secret'],
        scheduler,
        cacheTtlMs: 120_000,
      }),
    );
    const signIn = await login(
      new Request('http://127.0.0.1/api/dashboard/session', {
        method: 'POST',
        headers: { origin: 'http://127.0.0.1', host: '127.0.0.1', 'content-type': 'application/json' },
        body: JSON.stringify({ password: 'demo' }),
      }),
    );
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

    const shops = (await (await fetch(`${base}/api/v1/shops`, { headers: auth })).json()) as {
      data: { items: { id: string; timezone: string }[] };
    };
    const shop = shops.data.items[0];
    if (!shop) throw new Error('no demo shop');
    // A closed range (ends yesterday), so the upstream query is identical on both paths and stable.
    const today = shopLocalDate(Math.floor(Date.now() / 1000), shop.timezone);
    const from = addDays(today, -180);
    const to = addDays(today, -1);
    const range = resolveRange({ from, to }, shop.timezone);

    // The dashboard's default page size; every measured page holds a full page of orders.
    const LIMIT = 25;
    const probe = `${base}/api/v1/orders-by-product?startDate=${range.startDate}&endDate=${range.endDate}&limit=${LIMIT}`;
    const { data: first } = (await (await fetch(probe, { headers: { ...auth, 'X-Shop-Id': shop.id } })).json()) as {
      data: { pagination: { total: number } };
    };
    const fullPages = Math.floor(first.pagination.total / LIMIT);
    const combos: { page: number; limit: number; sort: 'asc' | 'desc' }[] = [];
    for (const sort of ['desc', 'asc'] as const)
      for (let page = 1; page <= fullPages; page += 1) combos.push({ page, limit: LIMIT, sort });
    if (combos.length < COLD_QUERIES + 40) throw new Error(`only ${combos.length} distinct full pages in the range`);
    const measured = combos.slice(0, COLD_QUERIES);

    const direct = (c: (typeof combos)[number]) => async () => {
      const url = `${base}/api/v1/orders-by-product?endDate=${range.endDate}&limit=${c.limit}&page=${c.page}&sort=${c.sort.toUpperCase()}&startDate=${range.startDate}`;
      const res = await fetch(url, { headers: { ...auth, 'X-Shop-Id': shop.id } });
      if (res.status !== 200) throw new Error(`direct ${res.status}`);
      await res.text();
    };
    const dashboard = (c: (typeof combos)[number]) => async () => {
      const path = `/api/dashboard/shops/${shop.id}/orders?from=${from}&to=${to}&page=${c.page}&limit=${c.limit}&sort=${c.sort}`;
      const res = await orders(new Request(`http://127.0.0.1${path}`, { headers: { cookie } }), {
        params: Promise.resolve({ shopId: shop.id }),
      });
      if (res.status !== 200) throw new Error(`dashboard ${res.status}: ${await res.text()}`);
      await res.text();
    };

    // Warm-up: the service sees every measured query once (both paths then hit an equally warm
    // store); the dashboard path is warmed on queries outside the measured set.
    for (const c of measured) await direct(c)();
    for (const c of combos.slice(COLD_QUERIES, COLD_QUERIES + 40)) await dashboard(c)();

    const cold = { direct: [] as number[], dashboard: [] as number[] };
    for (const [i, c] of measured.entries()) {
      // Alternate which path goes first so neither always runs on a warmer socket or heap.
      if (i % 2 === 0) {
        cold.direct.push(await time(direct(c)));
        cold.dashboard.push(await time(dashboard(c)));
      } else {
        cold.dashboard.push(await time(dashboard(c)));
        cold.direct.push(await time(direct(c)));
      }
    }

    const one = measured[0]!;
    await dashboard(one)();
    const cached = { direct: [] as number[], dashboard: [] as number[] };
    for (let i = 0; i < CACHED_ITERATIONS; i += 1) {
      cached.direct.push(await time(direct(one)));
      cached.dashboard.push(await time(dashboard(one)));
    }

    const fmt = (n: number) => n.toFixed(2).padStart(7);
    const rows = [
      {
        name: 'cold (distinct queries)',
        data: cold,
        goal: GOALS.cold,
        added: percentile(cold.dashboard, 50) - percentile(cold.direct, 50),
      },
      // A cached answer makes no upstream call, so everything the dashboard spends is "added".
      { name: 'cached (same query)', data: cached, goal: GOALS.cached, added: percentile(cached.dashboard, 50) },
    ];
    console.log(
      `\nbench:proxy — orders of ${shop.id}, ${from}..${to}, ${LIMIT} a page; ${COLD_QUERIES} cold queries, ${CACHED_ITERATIONS} cached; ms\n`,
    );
    console.log('scenario                  direct p50  p99   dashboard p50  p99   added p50  goal   ratio');
    for (const row of rows) {
      console.log(
        `${row.name.padEnd(24)} ${fmt(percentile(row.data.direct, 50))} ${fmt(percentile(row.data.direct, 99))}   ${fmt(percentile(row.data.dashboard, 50))} ${fmt(percentile(row.data.dashboard, 99))}   ${fmt(row.added)}  ≤${row.goal}   ${(row.added / row.goal).toFixed(2)} ${row.added <= row.goal ? 'ok' : 'OVER'}`,
      );
    }
    console.log(
      '\nadded p50 (cold) = dashboard p50 − direct p50; added p50 (cached) = dashboard p50 (no upstream call).',
    );
  } finally {
    setUpstreamClientForTests(undefined);
    server.close();
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
