import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SlidingWindowLimiter } from '@/lib/rate-limit/sliding-window';
import { planDemoData, writeDemoData } from '@/lib/service/demo';
import { createServiceHandler } from '@/lib/service/handler';
import { createServiceStore } from '@/lib/service/store';
import { addDays, shopLocalDate } from '@/lib/time';
import { openOrderStore } from '@/lib/store/open';
import { SyncEngine } from '@/lib/sync/engine';
import { createUpstreamClient } from '@/lib/upstream/client';
import { Scheduler } from '@/lib/upstream/scheduler';
import { printTable } from './stats';

// Sync throughput: the embedded service in-process (real Request/Response) with its per-key limit
// at LIMIT/min, the client's scheduler at the same budget (its window one second longer, as in
// production), and a sync of the main shop's whole history: more than three minutes of pages.

const LIMIT = 600;
const CLIENT_WINDOW_MS = 61_000;
const ORDERS = Number(process.env.BENCH_SYNC_ORDERS ?? 200_000);

export async function syncThroughput(dir: string): Promise<void> {
  const serviceFile = join(dir, `service-sync-${ORDERS}.db`);
  const fresh = !existsSync(serviceFile);
  const service = await createServiceStore({ sqliteFile: serviceFile });
  if (fresh) {
    console.log(`Seeding ${ORDERS.toLocaleString('en-US')} orders into ${serviceFile} (once)…`);
    await writeDemoData((work) => service.db.transaction().execute(work), planDemoData({ mainShopOrders: ORDERS }), {
      sqlite: service.sqlite,
    });
  }
  const handler = createServiceHandler({ store: service, ratePerMinute: LIMIT, ipRatePerMinute: 1_000_000 });
  const times: number[] = [];
  let refused = 0;
  const client = createUpstreamClient({
    baseUrl: 'http://embedded.invalid',
    appKey: 'demo-app-key',
    appSecret: 'demo-app-secret',
    scheduler: new Scheduler({
      key: 'demo-app-key',
      limiter: new SlidingWindowLimiter({ limit: LIMIT, windowMs: CLIENT_WINDOW_MS }),
    }),
    cacheTtlMs: 0,
    fetch: async (request) => {
      times.push(performance.now());
      const response = await handler.handle(request, { clientIp: '127.0.0.1' });
      if (response.status === 429) refused++;
      return response;
    },
  });
  const shop = (await client.shops({ page: 1, limit: 100 })).items[0]!;
  const storeFile = join(dir, 'sync-bench-throughput.db');
  for (const suffix of ['', '-wal', '-shm']) rmSync(storeFile + suffix, { force: true });
  const store = await openOrderStore({ sqliteFile: storeFile });
  const today = shopLocalDate(Math.floor(Date.now() / 1000), shop.timezone);
  times.length = 0;
  const started = performance.now();
  const progress = await new SyncEngine({ store, client, budgetPerMinute: LIMIT }).sync(shop, {
    from: addDays(today, -405),
    to: today,
  });
  const elapsed = performance.now() - started;
  await store.close();
  await service.close();
  // The synced copy is only needed for the count; the seeded service file is kept for the next run.
  for (const suffix of ['', '-wal', '-shm']) rmSync(storeFile + suffix, { force: true });

  // Whole client windows only: a sliding window grants a burst at the start of each, so a partial
  // last window would overstate the rate.
  const t0 = times[0]!;
  const windows = Math.max(1, Math.floor((times.at(-1)! - t0) / CLIENT_WINDOW_MS));
  const inWindows = times.filter((t) => t - t0 < windows * CLIENT_WINDOW_MS).length;
  const perMinute = (inWindows / (windows * CLIENT_WINDOW_MS)) * 60_000;
  printTable(
    `Sync throughput against the embedded service (limit ${LIMIT}/min per key)`,
    ['orders stored', 'requests', 'elapsed', 'requests/min (whole windows)', 'of the limit', '429s', 'goal met'],
    [
      [
        progress.ordersStored.toLocaleString('en-US'),
        times.length,
        `${(elapsed / 60_000).toFixed(2)} min`,
        perMinute.toFixed(1),
        `${((perMinute / LIMIT) * 100).toFixed(1)}%`,
        refused,
        perMinute >= 0.95 * LIMIT && refused === 0 ? 'yes' : 'NO',
      ],
    ],
  );
}
