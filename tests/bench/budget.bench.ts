// `npm run bench:budget`: a person never waits behind the sync. The embedded service at
// 60 requests/min (time scaled by BENCH_TIME_SCALE, default 5: a "minute" lasts 12 s), a one-year
// shop synced by the real SyncEngine, a person clicking every ~5 s on two instances sharing Redis
// (REDIS_URL or TEST_REDIS_URL; one instance without), run twice in the same process: "before"
// (one request class, no pacing, no reserve: the old limiter) and "after" (paced, reserved).
// Prints click waits, sync throughput as a share of the budget, 429s, time to the first partial
// and the complete SKU report. Not part of `npm test`.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { planDemoData, writeDemoData } from '@/lib/service/demo';
import { createServiceHandler } from '@/lib/service/handler';
import { createServiceStore } from '@/lib/service/store';
import { openOrderStore } from '@/lib/store/open';
import { createUpstreamClient } from '@/lib/upstream/client';
import { runScenario, type Mode, type ScenarioResult } from './budget/scenario';
import { printTable } from './sync/stats';

const SCALE = Number(process.env.BENCH_TIME_SCALE ?? 5);
const ORDERS = Number(process.env.BENCH_BUDGET_ORDERS ?? 60_000);
const REDIS_URL = process.env.REDIS_URL?.trim() || process.env.TEST_REDIS_URL?.trim() || undefined;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const share = (x: number) => `${(x * 100).toFixed(1)}%`;
const secs = (x: number | null) => (x === null ? 'not within the run' : `${x.toFixed(0)} s`);

async function main() {
  console.log(
    `bench:budget on Node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${new Date().toISOString()}`,
  );
  console.log(
    `Time scale ${SCALE}: the upstream allows 60 requests per ${60 / SCALE} s; times below are converted back to full scale.`,
  );
  if (!REDIS_URL)
    console.log(
      'No REDIS_URL / TEST_REDIS_URL: one instance with the in-process limiter (the two-instance Redis part is skipped).',
    );
  const dir = mkdtempSync(join(tmpdir(), 'bench-budget-'));
  try {
    const service = await createServiceStore({ sqliteFile: join(dir, 'service.db') });
    console.log(`Seeding ${ORDERS.toLocaleString('en-US')} orders for the main shop…`);
    await writeDemoData((work) => service.db.transaction().execute(work), planDemoData({ mainShopOrders: ORDERS }), {
      sqlite: service.sqlite,
    });
    const handler = createServiceHandler({ store: service, ratePerMinute: 1e9, ipRatePerMinute: 1e9 });
    const direct = createUpstreamClient({
      baseUrl: 'http://embedded.invalid',
      appKey: 'demo-app-key',
      appSecret: 'demo-app-secret',
      fetch: (r) => handler.handle(r, { clientIp: '127.0.0.1' }),
      scheduler: { schedule: (task) => task(), pause: () => {} },
      cacheTtlMs: 0,
    });
    const shop = (await direct.shops({ page: 1, limit: 100 })).items[0]!;

    const results = new Map<Mode, ScenarioResult>();
    for (const mode of ['before', 'after'] as const) {
      const store = await openOrderStore({ sqliteFile: join(dir, `store-${mode}.db`) });
      console.log(`Running "${mode}" (${REDIS_URL ? 'two instances sharing Redis' : 'one instance'})…`);
      results.set(mode, await runScenario({ mode, scale: SCALE, redisUrl: REDIS_URL, handler, store, shop }));
      await store.close();
    }

    const rows = [...results.entries()].map(([mode, r]) => [
      mode,
      r.clickWaitsMs.length,
      s(pct(r.clickWaitsMs, 50)),
      s(pct(r.clickWaitsMs, 95)),
      `${pct(r.reportWaitsMs, 95).toFixed(0)} ms`,
      share(r.idleShare),
      share(r.busyShare),
      r.refused,
      secs(r.firstPartialS),
      secs(r.last7DaysS),
      secs(r.completeS),
    ]);
    printTable(
      `Budget while a one-year shop (${ORDERS.toLocaleString('en-US')} orders in 400 days) syncs at 60/min; a person clicks every ~5 s (orders pages and the SKU report)`,
      [
        'limiter',
        'orders clicks',
        'click wait p50',
        'p95 (goal ≤ 2 s)',
        'SKU report p95',
        'sync share idle (≥ 90%)',
        'with clicks (≥ 80%)',
        '429s',
        'first partial SKU report',
        'last 7 days stored',
        'complete',
      ],
      rows,
    );

    // The cost of keeping shops fresh is measured by bench:refresh (the refresh policy, 10 to 200 shops).
    await service.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

setTimeout(() => {
  console.error('bench:budget exceeded 15 minutes; stopping.');
  process.exit(1);
}, 15 * 60_000).unref();

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
