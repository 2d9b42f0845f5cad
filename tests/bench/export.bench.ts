// `npm run bench:export`: what exporting costs, in time and memory, for one year of the US demo shop
// (about 35,000 order lines) and for a workbook six times that size:
//  (a) the orders CSV streamed from the local order store after a sync;
//  (a') the same rows as the Excel workbook (format=xlsx);
//  (a'') an Excel workbook of 200,000 order lines (the synced year's batches read from the store again
//       and again, each batch a fresh array, nothing kept) and one of 1,000: the 200,000-line one's peak
//       RSS growth must stay under XLSX_RSS_BOUND_MB and near the year's, i.e. not grow with the rows;
//  (b) the CSV paged from the embedded service at the default budget of 60 requests/min (the client's
//       scheduler as in production). (b) takes about four minutes; BENCH_EXPORT_UPSTREAM=0 skips it.
// Each stream is read as a client would (counted as it arrives, never held). Each Excel run is its own
// process (BENCH_EXPORT_XLSX_ROWS) over the synced store: RSS rarely shrinks after a run, so a later run
// in the same process would grow into pages an earlier one left mapped, and look cheaper than it is.
// Not part of `npm test`.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runUnderReactServer } from './server-bench';

runUnderReactServer(import.meta.url, ['--expose-gc']);

const BUDGET = 60;
/**
 * The peak RSS growth allowed while streaming the 200,000-line workbook, in a process of its own. What
 * the export keeps alive is one batch of rows and the zip's buffers (about 6 MB over the idle heap after
 * each full GC; what still is once the stream ends is printed as "live"). The RSS peak is mostly
 * garbage V8 lets pile up between full GCs: 230 to 300 MB whatever the row count. A workbook held in
 * memory (exceljs keeps about 1 KB per cell) would need gigabytes; 512 MB is clear of both.
 */
const XLSX_RSS_BOUND_MB = 512;
const XLSX_BIG_ROWS = 200_000;

async function main() {
  const { SlidingWindowLimiter } = await import('@/lib/rate-limit/sliding-window');
  const { planDemoData, writeDemoData } = await import('@/lib/service/demo');
  const { createServiceHandler } = await import('@/lib/service/handler');
  const { createServiceStore } = await import('@/lib/service/store');
  const { addDays, shopLocalDate: localDay } = await import('@/lib/time');
  const { openOrderStore } = await import('@/lib/store/open');
  const { SyncEngine } = await import('@/lib/sync/engine');
  const { createUpstreamClient, Scheduler } = await import('@/lib/upstream');
  const { setUpstreamClientForTests } = await import('@/lib/server/upstream');
  const { csvStream } = await import('@/lib/csv');
  const { xlsxStream } = await import('@/lib/exports/xlsx');
  const { orderExport } = await import('@/lib/server/exports/order-export');
  const { orderLineColumns } = await import('@/lib/exports/order-lines');
  const { orderExportRange, orderLineBatches } = await import('@/lib/server/exports/sources');
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
  // An Excel run's process exports its parent's year, even past midnight.
  const today = process.env.BENCH_EXPORT_TODAY ?? localDay(Math.floor(Date.now() / 1000), shop.timezone);
  const query = ordersQuery({ from: addDays(today, -364), to: today, sort: 'desc' });
  const range = orderExportRange(shop, query);

  const storeFile = join(dir, 'export-bench-store.db');
  // `year` (one pass over the synced year) or a row count: this process is one Excel run, reading the
  // store its parent synced (the parent removes it after the last run).
  const xlsxOnly = process.env.BENCH_EXPORT_XLSX_ROWS;
  if (!xlsxOnly) for (const suffix of ['', '-wal', '-shm']) rmSync(storeFile + suffix, { force: true });
  const store = await openOrderStore({ sqliteFile: storeFile });
  const engine = new SyncEngine({ store, client: fast });
  const fromStoreBatches = async () => (await orderExport(shop, query, range, async () => ({ store, engine }))).batches;

  /** Reads a stream to its end as a client would, keeping only its size, a digest and its LF count. */
  const measure = async (body: ReadableStream<Uint8Array>) => {
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const rss0 = process.memoryUsage.rss();
    const heap0 = process.memoryUsage().heapUsed;
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
    const ms = performance.now() - t0;
    // What is still reachable once the stream has ended: rows kept anywhere would show here.
    gc?.();
    const liveGrowthMb = (process.memoryUsage().heapUsed - heap0) / 1e6;
    return { ms, size, digest: hash.digest('hex'), lines, rssGrowthMb: (peak - rss0) / 1e6, liveGrowthMb };
  };

  if (xlsxOnly) {
    // The synced year's batches, read from the store again and again (a new read each pass, so no row
    // outlives its batch) until `limit` rows were given: the orders export's columns and header block,
    // whatever the row count.
    const limit = xlsxOnly === 'year' ? Infinity : Number(xlsxOnly);
    let given = 0;
    const cycled = async function* () {
      do {
        const before = given;
        for await (const batch of await fromStoreBatches()) {
          const rest = batch.length > limit - given ? batch.slice(0, limit - given) : batch;
          given += rest.length;
          if (rest.length) yield rest;
          if (given >= limit) return;
        }
        if (given === before) throw new Error('The store export has no rows to cycle.');
      } while (limit !== Infinity);
    };
    const about = [['Range', `${range.from} to ${range.to} (${shop.timezone})`] as const];
    const run = await measure(
      xlsxStream(orderLineColumns(shop.timezone), cycled(), { title: 'Orders', currency: shop.currency, about }),
    );
    await store.close();
    await service.close();
    process.stdout.write(`${JSON.stringify({ ...run, rows: given })}\n`);
    return;
  }

  const progress = await engine.sync(shop, { from: range.from, to: range.to });
  console.log(
    `Synced ${progress.ordersStored.toLocaleString('en-US')} orders of ${shop.shopName} (${range.from} to ${range.to}).`,
  );

  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  const t0 = performance.now();
  const fromStore = await orderExport(shop, query, range, async () => ({ store, engine }));
  const storeRun = await measure(csvStream(orderLineColumns(shop.timezone), fromStore.batches));
  const storeMs = performance.now() - t0;
  const rows = storeRun.lines - 1;
  console.log(
    `store:    source=${fromStore.source}, ${rows.toLocaleString('en-US')} rows, ${mb(storeRun.size)} MB CSV in ${storeMs.toFixed(0)} ms, peak RSS growth ${storeRun.rssGrowthMb.toFixed(0)} MB`,
  );

  /** An Excel workbook of `count` order lines, measured in a process of its own. */
  const xlsxRun = (count: number | 'year'): Awaited<ReturnType<typeof measure>> & { rows: number } => {
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      env: { ...process.env, BENCH_EXPORT_XLSX_ROWS: String(count), BENCH_EXPORT_TODAY: today },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: 5 * 60_000,
    });
    const last = child.stdout.trim().split('\n').at(-1);
    if (child.status !== 0 || !last) throw new Error(`The ${count}-row Excel run failed (status ${child.status}).`);
    return JSON.parse(last) as Awaited<ReturnType<typeof measure>> & { rows: number };
  };

  // The same rows as Excel: columns with their kinds, the header block, rows committed per batch.
  const year = xlsxRun('year');
  console.log(
    `xlsx:     ${year.rows.toLocaleString('en-US')} rows${year.rows === rows ? " (the CSV's)" : ` (CSV: ${rows}: DIFFERENT)`}, ${mb(year.size)} MB in ${(year.ms / 1000).toFixed(1)} s` +
      ` (${(year.ms / storeMs).toFixed(1)}x the CSV), peak RSS growth ${year.rssGrowthMb.toFixed(0)} MB`,
  );
  const small = xlsxRun(1_000);
  const big = xlsxRun(XLSX_BIG_ROWS);
  const within = big.rssGrowthMb <= XLSX_RSS_BOUND_MB;
  const perExtra100k = ((big.rssGrowthMb - year.rssGrowthMb) / (big.rows - year.rows)) * 100_000;
  console.log(
    `xlsx 200k: ${big.rows.toLocaleString('en-US')} rows, ${mb(big.size)} MB in ${(big.ms / 1000).toFixed(1)} s,` +
      ` peak RSS growth ${big.rssGrowthMb.toFixed(0)} MB (bound ${XLSX_RSS_BOUND_MB} MB: ${within ? 'within' : 'EXCEEDED'};` +
      ` live ${big.liveGrowthMb.toFixed(1)} MB, the year's ${year.liveGrowthMb.toFixed(1)} MB)` +
      ` — 1,000-row run: ${small.rssGrowthMb.toFixed(0)} MB; ${year.rows.toLocaleString('en-US')}-row run: ${year.rssGrowthMb.toFixed(0)} MB;` +
      ` ${(big.rows / year.rows).toFixed(1)}x the rows for ${(big.rssGrowthMb / year.rssGrowthMb).toFixed(2)}x the growth` +
      ` (growth per extra 100k rows: ${perExtra100k.toFixed(1)} MB)`,
  );
  if (big.rows < XLSX_BIG_ROWS || !within) process.exitCode = 1;

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
