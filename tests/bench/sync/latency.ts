import { join } from 'node:path';
import { overviewReport } from '@/lib/reports/overview';
import { skuReport } from '@/lib/reports/sku-report';
import { addDays } from '@/lib/store/days';
import { openOrderStore } from '@/lib/store/open';
import { BENCH_SHOP, generateLines } from './generate-lines';
import { naiveSkuReport } from './naive';
import { printTable, timeIt } from './stats';

// Report latency over LINES stored order lines (two years, so a 366-day overview has its previous
// period), for 7, 90 and 366 days, beside a naive in-memory scan of the same lines.

const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const DAYS = 732;
const RUNS = Number(process.env.BENCH_RUNS ?? 25);

export async function reportLatency(dir: string): Promise<void> {
  const today = addDays(new Date().toISOString().slice(0, 10), 0);
  const file = join(dir, 'sync-bench-store.db');
  const started = performance.now();
  const mem = await generateLines(file, LINES, DAYS, today);
  console.log(`Generated ${mem.length.toLocaleString('en-US')} order lines over ${DAYS} days in ${((performance.now() - started) / 1000).toFixed(1)} s (${file}).`);
  const store = await openOrderStore({ sqliteFile: file });
  const rows: (string | number)[][] = [];
  // The store alone (no upstream client): the bench measures the rollup reads.
  const deps = { store, now: Date.now() };
  const shop = { id: BENCH_SHOP, timezone: 'UTC' };
  try {
    for (const days of [7, 90, 366]) {
      const range = { from: addDays(today, -(days - 1)), to: today };
      const skus = await skuReport(deps, shop, range);
      const naive = naiveSkuReport(mem, range.from, range.to);
      // The two must agree, or the timing comparison would mean nothing.
      const profit = [...naive.values()].reduce((a, r) => a + r.net_profit!, 0);
      if (profit !== skus.totals.netProfit || naive.size !== skus.rows.length) throw new Error(`report and baseline disagree for ${days} days`);
      await skuReport(deps, shop, range); // warm the page cache
      const sku = await timeIt(RUNS, () => skuReport(deps, shop, range));
      const overview = await timeIt(RUNS, () => overviewReport(deps, shop, range));
      const baseline = await timeIt(Math.max(5, Math.floor(RUNS / 3)), () => naiveSkuReport(mem, range.from, range.to));
      const lines = skus.totals.lines + skus.sampleLines + skus.excludedLines;
      rows.push([`${days} days`, lines.toLocaleString('en-US'), skus.rows.length,
        sku.p50.toFixed(1), sku.p99.toFixed(1), overview.p50.toFixed(1), overview.p99.toFixed(1),
        baseline.p50.toFixed(1), baseline.p99.toFixed(1), `${(baseline.p50 / sku.p50).toFixed(1)}×`,
        sku.p50 <= 150 && overview.p50 <= 150 ? 'yes' : 'NO']);
    }
  } finally {
    await store.close();
  }
  printTable(`Report latency over ${LINES.toLocaleString('en-US')} stored order lines (SQLite, ms; goal p50 ≤ 150)`,
    ['range', 'lines in range', 'SKUs', 'SKU p50', 'SKU p99', 'overview p50', 'overview p99', 'naive p50', 'naive p99', 'SKU vs naive', 'goal met'],
    rows);
}
