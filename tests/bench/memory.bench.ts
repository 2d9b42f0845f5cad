// `npm run bench:memory`: what an entry of each in-process cache really costs, beside the figure
// lib/config/cache-limits counts it at (ENTRY_BYTES), so the caches' byte bounds stay honest when a
// shape changes. Each kind is measured by holding thousands of entries (or a few large ones) built
// from real data (the embedded service's demo orders, synced into a store in this process, the
// learned Pricing model, the Settlement report) and reading the heap after a full collection, or the
// resident memory for what lives outside the heap (SQLite statements, ICU formatters).
// Ratio: the cost counted / the cost measured; below 1 means a cache holds more than its limit says.
import { availableParallelism, cpus } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { ENTRY_BYTES } from '@/lib/config/cache-limits';
import { jsonBytes } from '@/lib/config/caches';
import { listEnvelopeSchema, orderSchema } from '@/lib/contract';
import { learnPricingModel } from '@/lib/server/loaders/pricing';
import { settlementReport } from '@/lib/reports/settlement-report';
import { partSums } from '@/lib/store/part-sums';
import { sumsBySku } from '@/lib/store/reads';
import { catalogPricingInputs } from '@/tests/support/pricing-inputs';
import { SyncEngine } from '@/lib/sync/engine';
import { deepFreeze } from '@/lib/upstream/cache';
import { shiftDay } from '@/tests/support/oracle/recount';
import { clientFor, freshStore, startService } from '@/tests/support/sync/harness';
import { todayOf } from '@/tests/integration/property/arbitraries';
import { printTable } from './sync/stats';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function settle(): void {
  for (let i = 0; i < 4; i++) gc();
}

/** Heap bytes held per item by `make()`'s results (or RSS bytes, for native memory), over `n` of them. */
function measure<T>(n: number, make: (i: number) => T, memory: 'heap' | 'rss' = 'heap'): number {
  const read = () => (memory === 'heap' ? process.memoryUsage().heapUsed : process.memoryUsage().rss);
  settle();
  const before = read();
  const held: T[] = [];
  for (let i = 0; i < n; i++) held.push(make(i));
  settle();
  const after = read();
  if (held.length !== n) throw new Error('unreachable');
  return (after - before) / n;
}

async function main() {
  console.log(
    `bench:memory on Node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${new Date().toISOString()}`,
  );
  const svc = await startService({ orders: 3_000 });
  const { store, close } = await freshStore(svc.dir);
  const shop = svc.shop;
  const today = todayOf(shop.timezone);
  const range = { from: shiftDay(today, -89), to: today };
  console.log(`Syncing ${shop.shopName}'s last 90 days into a store (not measured)…`);
  await new SyncEngine({ store, client: clientFor(svc.handler).client }).sync(shop, range);
  const rows: (string | number)[][] = [];
  const row = (kind: string, counted: number, measured: number, unit: string) =>
    rows.push([kind, unit, counted.toFixed(1), measured.toFixed(1), (counted / measured).toFixed(2)]);

  // An upstream answer: a page of 100 orders as the client keeps it (parsed, frozen), per JSON byte.
  const page = await svc.handler.handle(
    new Request(
      `http://embedded.invalid/api/v1/orders-by-product?limit=100&startDate=${Math.floor(Date.now() / 1000) - 60 * 86_400}&endDate=${Math.floor(Date.now() / 1000)}`,
      { headers: { 'X-App-Key': 'demo-app-key', 'X-App-Secret': 'demo-app-secret', 'X-Shop-Id': shop.id } },
    ),
    { clientIp: '127.0.0.1' },
  );
  const pageText = await page.text();
  const schema = listEnvelopeSchema(orderSchema);
  const parsed = schema.parse(JSON.parse(pageText)).data;
  const perPage = measure(200, () => deepFreeze(schema.parse(JSON.parse(pageText)).data));
  row('upstream answer', ENTRY_BYTES.upstreamJsonByte, perPage / jsonBytes(parsed), 'per JSON byte');

  // Kept month sums: a month of SKU sums and of part sums, per JSON byte.
  const month = { from: `${today.slice(0, 7)}-01`, to: today };
  const skuRows = (await sumsBySku(store.db, shop.id, month.from, month.to)).map((r) => Object.freeze(r));
  const parts = (await partSums(store.db, shop.id, month.from, month.to)).map((r) => Object.freeze(r));
  const sums = [...skuRows, ...parts];
  const perSums = measure(300, () => structuredClone(sums).map((r) => Object.freeze(r)));
  row('month sums', ENTRY_BYTES.sumsJsonByte, perSums / jsonBytes(sums), 'per JSON byte');

  // A learned Pricing model and a Settlement report of the 90 days, per JSON byte.
  const { inputs } = await catalogPricingInputs(store, shop.id);
  const model = await learnPricingModel(store.db, shop.id, range, inputs);
  const models: unknown[] = [];
  settle();
  const beforeModels = process.memoryUsage().heapUsed;
  for (let i = 0; i < 6; i++) models.push(await learnPricingModel(store.db, shop.id, range, inputs));
  settle();
  const perModel = (process.memoryUsage().heapUsed - beforeModels) / models.length;
  const lines = model.replayInputs.reduce((n, s) => n + s.lines.length, 0);
  row(`Pricing model (${lines} lines)`, ENTRY_BYTES.pricingJsonByte, perModel / jsonBytes(model), 'per JSON byte');

  const report = await settlementReport(store.db, shop.id, range);
  const reports: unknown[] = [];
  settle();
  const beforeReports = process.memoryUsage().heapUsed;
  for (let i = 0; i < 10; i++) reports.push(deepFreeze(await settlementReport(store.db, shop.id, range)));
  settle();
  const perReport = (process.memoryUsage().heapUsed - beforeReports) / reports.length;
  row('Settlement report', ENTRY_BYTES.settlementJsonByte, perReport / jsonBytes(report), 'per JSON byte');

  // An lru-cache entry's own keeping: a small value under a 60-character key.
  const lru = new LRUCache<string, number>({ maxSize: 1e12, sizeCalculation: () => 1 });
  const perEntry = measure(50_000, (i) => lru.set(`${'k'.repeat(52)}${String(i).padStart(8, '0')}`, i));
  row('cache entry (60-char key)', ENTRY_BYTES.entry, perEntry, 'per entry');

  // A session: its data under its sealed cookie's text (~290 characters).
  const seal = 'Fe26.2**'.padEnd(290, 'x');
  const perSession = measure(20_000, (i) => ({
    [`${seal}${i}`]: { signedInAt: Date.now(), sid: crypto.randomUUID(), personId: crypto.randomUUID() },
  }));
  row('unsealed session', ENTRY_BYTES.session + seal.length, perSession, 'per entry');

  // A prepared SQLite statement (native memory), per statement of ~120 characters of SQL.
  const sqlite = new Database(':memory:');
  sqlite.exec('CREATE TABLE t (a INTEGER, b TEXT, c INTEGER, d TEXT)');
  const sql = (i: number) => `SELECT a, b, c, d FROM t WHERE a >= ${i} AND b = ? AND c <= ? ORDER BY a, c LIMIT 25`;
  const perStatement = measure(20_000, (i) => sqlite.prepare(sql(i)), 'rss');
  row('SQLite statement', ENTRY_BYTES.statement + 4 * sql(0).length, perStatement, 'per statement');

  // A time zone's wall-clock formatter (its ICU formatter is native memory).
  const zones = Intl.supportedValuesOf('timeZone');
  const perClock = measure(
    Math.min(zones.length, 400),
    (i) =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: zones[i],
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
    'rss',
  );
  row('time zone formatter', ENTRY_BYTES.zoneClock, perClock, 'per formatter');

  printTable(
    'What a cache entry costs: counted (lib/config/cache-limits ENTRY_BYTES) and measured (bytes)',
    ['kind', 'unit', 'counted', 'measured', 'ratio'],
    rows,
  );
  console.log('A ratio below 1 means the cache holds more than its limit says; above 1, less.');
  sqlite.close();
  await close();
  await svc.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
