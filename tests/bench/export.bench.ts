// `npm run bench:export`: one year of the US demo shop exported as the orders CSV, (a) from the
// local order store after a sync, (a') the same rows as the Excel workbook (format=xlsx), each with
// its peak RSS growth while streaming (the file is counted as it arrives, never held), (b) paged
// from the embedded service at the default budget of 60 requests/min (the client's scheduler as in
// production). (b) takes about four minutes; BENCH_EXPORT_UPSTREAM=0 skips it. Not part of `npm test`.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Server modules import 'server-only', which only resolves to a no-op under the react-server condition.
if (!process.execArgv.some((arg) => arg.includes('react-server'))) {
  const run = spawnSync(
    process.execPath,
    ['--conditions=react-server', '--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url)],
    { stdio: 'inherit' },
  );
  process.exit(run.status ?? 1);
}

const BUDGET = 60;

async function main() {
  const { SlidingWindowLimiter } = await import('@/lib/rate-limit/sliding-window');
  const { planDemoData, writeDemoData } = await import('@/lib/service/demo');
  const { createServiceHandler } = await import('@/lib/service/handler');
  const { createServiceStore } = await import('@/lib/service/store');
  const { addDays, shopLocalDate: localDay } = await import('@/lib/time');
  const { openOrderStore } = await import('@/lib/store/open');
  const { SyncEngine } = await import('@/lib/sync/engine');
  const { createUpstreamClient, Scheduler } = await import('@/lib/upstream');
  const { setUpstreamClientForTests } = await import('@/lib/api/server/upstream');
  const { csvStream } = await import('@/lib/csv');
  const { xlsxStream } = await import('@/lib/exports/xlsx');
  const { orderExport } = await import('@/lib/exports/order-export');
  const { orderLineColumns } = await import('@/lib/exports/order-lines');
  const { orderExportRange, orderLineBatches } = await import('@/lib/exports/sources');
  const { ordersQuery } = await import('@/tests/support/views');

  const dir = join(process.env.DATA_DIR?.trim() || './data', 'bench');
  mkdirSync(dir, { recursive: true });
  const serviceFile = join(dir, 'service-export-demo.db');
  const fresh = !existsSync(serviceFile);
  const service = await createServiceStore({ sqliteFile: serviceFile });
  if (fresh)
    await writeDemoData((work) => service.db.transaction().execute(work), planDemoData(), { sqlite: service.sqlite });
  const handler = createServiceHandler({ store: service, ratePerMinute: 1_000_000, ipRatePerMinute: 1_000_000 });
  let requests = 0;
  const clientAt = (limit: number) =>
    createUpstreamClient({
      baseUrl: 'http://embedded.invalid',
      appKey: 'demo-app-key',
      appSecret: 'demo-app-secret',
      // No 30 s deadline for a waiting request: this run measures paging a year at the budget, which
      // queues each request behind the minute's window (the scheduler would refuse the 61st).
      scheduler: new Scheduler({
        key: 'demo-app-key',
        limiter: new SlidingWindowLimiter({ limit, windowMs: 61_000 }),
        interactiveDeadlineMs: Infinity,
      }),
      cacheTtlMs: 0,
      fetch: (request) => (requests++, handler.handle(request, { clientIp: '127.0.0.1' })),
    });
  const fast = clientAt(1_000_000);
  const us = (await fast.shops({ page: 1, limit: 100 })).items.find((s) => s.shopRegion === 'US')!;
  const shop = { ...us, currency: 'USD' };
  const today = localDay(Math.floor(Date.now() / 1000), shop.timezone);
  const query = ordersQuery({ from: addDays(today, -364), to: today, sort: 'desc' });
  const range = orderExportRange(shop, query);

  const storeFile = join(dir, 'export-bench-store.db');
  for (const suffix of ['', '-wal', '-shm']) rmSync(storeFile + suffix, { force: true });
  const store = await openOrderStore({ sqliteFile: storeFile });
  const engine = new SyncEngine({ store, client: fast });
  const progress = await engine.sync(shop, { from: range.from, to: range.to });
  console.log(
    `Synced ${progress.ordersStored.toLocaleString('en-US')} orders of ${shop.shopName} (${range.from} to ${range.to}).`,
  );

  /** Reads a stream to its end as a client would, keeping only its size, a digest and its LF count. */
  const measure = async (body: ReadableStream<Uint8Array>) => {
    (globalThis as { gc?: () => void }).gc?.();
    const rss0 = process.memoryUsage.rss();
    let peak = rss0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
    const t0 = performance.now();
    const hash = createHash('sha256');
    let size = 0;
    let lines = 0;
    for await (const chunk of body) {
      hash.update(chunk);
      size += chunk.byteLength;
      for (const byte of chunk) if (byte === 0x0a) lines++;
      peak = Math.max(peak, process.memoryUsage.rss());
    }
    clearInterval(sampler);
    return { ms: performance.now() - t0, size, digest: hash.digest('hex'), lines, rssGrowthMb: (peak - rss0) / 1e6 };
  };
  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  const t0 = performance.now();
  const fromStore = await orderExport(shop, query, range, async () => ({ store, engine }));
  const storeRun = await measure(csvStream(orderLineColumns(shop.timezone), fromStore.batches));
  const storeMs = performance.now() - t0;
  const rows = storeRun.lines - 1;
  console.log(
    `store:    source=${fromStore.source}, ${rows.toLocaleString('en-US')} rows, ${mb(storeRun.size)} MB CSV in ${storeMs.toFixed(0)} ms, peak RSS growth ${storeRun.rssGrowthMb.toFixed(0)} MB`,
  );

  // The same rows as Excel: columns with their kinds, the header block, rows committed per batch.
  let xlsxRows = 0;
  const counted = async function* () {
    for await (const batch of (await orderExport(shop, query, range, async () => ({ store, engine }))).batches) {
      xlsxRows += batch.length;
      yield batch;
    }
  };
  const about = [['Range', `${range.from} to ${range.to} (${shop.timezone})`] as const];
  const t1 = performance.now();
  const xlsxRun = await measure(
    xlsxStream(orderLineColumns(shop.timezone), counted(), { title: 'Orders', currency: shop.currency, about }),
  );
  const xlsxMs = performance.now() - t1;
  console.log(
    `xlsx:     ${xlsxRows.toLocaleString('en-US')} rows${xlsxRows === rows ? " (the CSV's)" : ` (CSV: ${rows}: DIFFERENT)`}, ${mb(xlsxRun.size)} MB in ${(xlsxMs / 1000).toFixed(1)} s` +
      ` (${(xlsxMs / storeMs).toFixed(1)}x the CSV), peak RSS growth ${xlsxRun.rssGrowthMb.toFixed(0)} MB`,
  );

  if (process.env.BENCH_EXPORT_UPSTREAM !== '0') {
    setUpstreamClientForTests(clientAt(BUDGET));
    requests = 0;
    const upstreamRun = await measure(csvStream(orderLineColumns(shop.timezone), orderLineBatches(shop, query, range)));
    console.log(
      `upstream: ${requests} requests at ${BUDGET}/min, ${mb(upstreamRun.size)} MB in ${(upstreamRun.ms / 1000).toFixed(1)} s` +
        ` (${(upstreamRun.ms / storeMs).toFixed(0)}x the store); identical bytes: ${upstreamRun.digest === storeRun.digest ? 'yes' : 'NO'}`,
    );
  }
  await store.close();
  await service.close();
  for (const suffix of ['', '-wal', '-shm']) rmSync(storeFile + suffix, { force: true });
}

// A bounded run: never more than ten minutes, whatever happens.
setTimeout(() => {
  console.error('bench:export exceeded 10 minutes; stopping.');
  process.exit(1);
}, 10 * 60_000).unref();

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
