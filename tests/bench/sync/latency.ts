import { dirname, join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { openSqlite } from '@/lib/db/open-database';
import type { OrderStore } from '@/lib/store/order-store';
import type { StoreDatabase } from '@/lib/store/schema';
import { freshStore, type StoreFixture } from '../../support/sync/harness';
import { overviewReport } from '@/lib/reports/overview';
import { skuReport } from '@/lib/reports/sku-report';
import type { ShopCostInputs } from '@/lib/costs/kinds';
import { addDays } from '@/lib/time';
import { openOrderStore } from '@/lib/store/open';
import { BENCH_SHOP, generateLines, type MemLine } from './generate-lines';
import { naiveSkuReport } from './naive';
import { printTable, timeIt } from './stats';

// Report latency over LINES stored order lines (two years, so a 366-day overview has its previous
// period), for 7, 90 and 366 days, beside a naive in-memory scan of the same lines.

const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const DAYS = 732;
const RUNS = Number(process.env.BENCH_RUNS ?? 25);

const BENCH_SKUS = 300;
const costs_summary = `COGS on ${BENCH_SKUS / 2} SKUs, ${DAYS * 12} ad spend rows, 3 expenses`;

function benchCosts(today: string): ShopCostInputs {
  const adSpend: ShopCostInputs['adSpend'] = [];
  for (let d = 0; d < DAYS; d++) {
    const day = addDays(today, -d);
    for (let k = 0; k < 10; k++)
      adSpend.push({
        id: `a${d}-${k}`,
        day,
        amountCents: 1_000 + k,
        skuId: `sku-${(d + k * 7) % BENCH_SKUS}`,
        productId: null,
        campaign: null,
      });
    adSpend.push({ id: `p${d}`, day, amountCents: 2_500, skuId: null, productId: `p-${d % 100}`, campaign: null });
    adSpend.push({ id: `s${d}`, day, amountCents: 5_000, skuId: null, productId: null, campaign: null });
  }
  return {
    adSpend,
    fulfilment: [],
    expenses: [
      {
        id: 'e1',
        name: 'Software',
        amountCents: 310_00,
        recurrence: 'monthly',
        startDay: addDays(today, -DAYS),
        endDay: null,
      },
      {
        id: 'e2',
        name: 'Insurance',
        amountCents: 1_200_00,
        recurrence: 'yearly',
        startDay: addDays(today, -DAYS),
        endDay: null,
      },
      {
        id: 'e3',
        name: 'Photo shoot',
        amountCents: 800_00,
        recurrence: 'once',
        startDay: addDays(today, -30),
        endDay: null,
      },
    ],
    cogs: Array.from({ length: BENCH_SKUS / 2 }, (_, s) => ({
      id: `c${s}`,
      skuId: `sku-${s * 2}`,
      fromDay: addDays(today, -500),
      unitCostCents: 150 + s,
    })),
  };
}

/** Tables the reports read, copied from the generated SQLite file into PostgreSQL. */
const COPIED_TABLES = [
  'st_order',
  'st_line',
  'st_sku_daily',
  'st_sku_monthly',
  'st_order_daily',
  'st_sku_gross_daily',
  'st_sku_gross_monthly',
  'st_sku_name',
  'st_catalog_sku',
] as const;

/** Copies the generated store into a fresh PostgreSQL schema (the same rows, so the same figures). */
async function copyToPostgres(file: string): Promise<StoreFixture> {
  const started = performance.now();
  const target = await freshStore(dirname(file), true);
  const source = openSqlite(file);
  try {
    for (const table of COPIED_TABLES) {
      const columns = Object.keys(source.prepare(`SELECT * FROM ${table} LIMIT 1`).get() ?? {});
      if (columns.length === 0) continue;
      const batchSize = Math.floor(30_000 / columns.length);
      let batch: Record<string, unknown>[] = [];
      const flush = async () => {
        if (batch.length > 0) await loose(target.store.db).insertInto(table).values(batch).execute();
        batch = [];
      };
      for (const row of source.prepare(`SELECT * FROM ${table}`).iterate() as Iterable<Record<string, unknown>>) {
        batch.push(row);
        if (batch.length >= batchSize) await flush();
      }
      await flush();
    }
    await sql`ANALYZE`.execute(target.store.db);
  } finally {
    source.close();
  }
  console.log(`Copied the store into PostgreSQL in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return target;
}

// Kysely's typed builder cannot take a table chosen at run time.
const loose = (db: Kysely<StoreDatabase>) => db as unknown as Kysely<Record<string, Record<string, unknown>>>;

/**
 * Sums are kept per month until the month's data changes (lib/store/month-cache): a report is
 * timed as a person meets it, with every month changed since it was last asked (the first view
 * after a COGS edit or a restart: nothing kept), with only the current month changed (the refresh
 * policy read today again: the usual case), and with nothing changed.
 */
type CacheState = 'every month changed' | "today's month changed" | 'nothing changed';

async function changeMonths(store: OrderStore, state: CacheState, today: string): Promise<void> {
  if (state === 'nothing changed') return;
  let query = store.db.updateTable('st_month_version').set({ version: sql<number>`version + 1` });
  if (state === "today's month changed") query = query.where('month', '=', today.slice(0, 7));
  await query.where('shop_id', '=', BENCH_SHOP).execute();
}

async function timeWith(store: OrderStore, state: CacheState, today: string, fn: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < Math.max(5, Math.floor(RUNS / 3)); i++) {
    await changeMonths(store, state, today);
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export async function reportLatency(dir: string): Promise<void> {
  const today = addDays(new Date().toISOString().slice(0, 10), 0);
  const file = join(dir, 'sync-bench-store.db');
  const started = performance.now();
  const mem = await generateLines(file, LINES, DAYS, today);
  console.log(
    `Generated ${mem.length.toLocaleString('en-US')} order lines over ${DAYS} days in ${((performance.now() - started) / 1000).toFixed(1)} s (${file}).`,
  );
  const stores: [string, () => Promise<StoreFixture>][] = [
    [
      'SQLite',
      async () => {
        const store = await openOrderStore({ sqliteFile: file });
        return { store, close: () => store.close() };
      },
    ],
  ];
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    process.env.TEST_DATABASE_URL = pgUrl;
    stores.push(['PostgreSQL', () => copyToPostgres(file)]);
  } else console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure it too.');
  for (const [name, open] of stores) await measureStore(name, await open(), mem, today);
}

async function measureStore(name: string, fixture: StoreFixture, mem: MemLine[], today: string): Promise<void> {
  const { store } = fixture;
  const rows: (string | number)[][] = [];
  const costRows: (string | number)[][] = [];
  // The store alone (no upstream client): the bench measures the rollup reads.
  const deps = { store, now: Date.now() };
  const shop = { id: BENCH_SHOP, timezone: 'UTC' };
  // Every stored month has a version to change (a sync's writes create them; the generator does not).
  await sql`INSERT INTO st_month_version (shop_id, month, version)
    SELECT DISTINCT shop_id, month, 1 FROM st_sku_monthly WHERE shop_id = ${BENCH_SHOP}`.execute(store.db);
  try {
    for (const days of [7, 90, 366]) {
      const range = { from: addDays(today, -(days - 1)), to: today };
      const skus = await skuReport(deps, shop, range);
      const naive = naiveSkuReport(mem, range.from, range.to);
      // The two must agree, or the timing comparison would mean nothing.
      const profit = [...naive.values()].reduce((a, r) => a + r.net_profit!, 0);
      if (profit !== skus.totals.netProfit || naive.size !== skus.rows.length)
        throw new Error(`report and baseline disagree for ${days} days`);
      await changeMonths(store, 'every month changed', today);
      await skuReport(deps, shop, range); // warm the page cache
      const sku = await timeIt(RUNS, () => skuReport(deps, shop, range));
      const overview = await timeIt(RUNS, () => overviewReport(deps, shop, range));
      const baseline = await timeIt(Math.max(5, Math.floor(RUNS / 3)), () => naiveSkuReport(mem, range.from, range.to));
      const coldSku = await timeWith(store, 'every month changed', today, () => skuReport(deps, shop, range));
      const coldOverview = await timeWith(store, 'every month changed', today, () => overviewReport(deps, shop, range));
      const lines = skus.totals.lines + skus.sampleLines + skus.excludedLines;
      rows.push([
        `${days} days`,
        lines.toLocaleString('en-US'),
        skus.rows.length,
        coldSku.toFixed(1),
        sku.p50.toFixed(1),
        sku.p99.toFixed(1),
        coldOverview.toFixed(1),
        overview.p50.toFixed(1),
        overview.p99.toFixed(1),
        baseline.p50.toFixed(1),
        `${(baseline.p50 / coldSku).toFixed(1)}×`,
        coldSku <= 150 && coldOverview <= 150 ? 'yes' : 'NO',
      ]);
    }
    // The same reports counting the seller's costs: dated COGS on half the SKUs (re-costed from the
    // lines), ad spend every day on SKUs, products and the shop, and three expenses.
    const costs = benchCosts(today);
    for (const days of [7, 90, 366]) {
      const range = { from: addDays(today, -(days - 1)), to: today };
      const plain = await timeWith(store, "today's month changed", today, () => skuReport(deps, shop, range));
      const sku = await timeWith(store, "today's month changed", today, () => skuReport(deps, shop, range, { costs }));
      const overview = async (state: CacheState) =>
        timeWith(store, state, today, () => overviewReport(deps, shop, range, undefined, { costs }));
      const [cold, refreshed, unchanged] = [
        await overview('every month changed'),
        await overview("today's month changed"),
        await overview('nothing changed'),
      ];
      costRows.push([
        `${days} days`,
        plain.toFixed(1),
        sku.toFixed(1),
        cold.toFixed(1),
        refreshed.toFixed(1),
        unchanged.toFixed(1),
        sku <= 150 && refreshed <= 150 ? 'yes' : 'NO',
      ]);
    }
  } finally {
    await fixture.close();
  }
  printTable(
    `${name}: with the seller's costs (${costs_summary}), p50 ms; goal ≤ 150 as people meet it (today's month changed)`,
    [
      'range',
      'SKU, service only',
      'SKU with costs',
      'overview: every month changed',
      "today's month changed",
      'nothing changed',
      'goal met',
    ],
    costRows,
  );
  printTable(
    `${name}: report latency over ${LINES.toLocaleString('en-US')} stored order lines (ms; goal p50 ≤ 150 with every month changed)`,
    [
      'range',
      'lines in range',
      'SKUs',
      'SKU p50, every month changed',
      'SKU p50 kept',
      'SKU p99 kept',
      'overview p50, every month changed',
      'overview p50 kept',
      'overview p99 kept',
      'naive p50',
      'naive vs SKU (changed)',
      'goal met',
    ],
    rows,
  );
}
