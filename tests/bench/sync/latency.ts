import { join } from 'node:path';
import { overviewReport } from '@/lib/reports/overview';
import { skuReport } from '@/lib/reports/sku-report';
import type { ShopCostInputs } from '@/lib/costs/types';
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

export async function reportLatency(dir: string): Promise<void> {
  const today = addDays(new Date().toISOString().slice(0, 10), 0);
  const file = join(dir, 'sync-bench-store.db');
  const started = performance.now();
  const mem = await generateLines(file, LINES, DAYS, today);
  console.log(
    `Generated ${mem.length.toLocaleString('en-US')} order lines over ${DAYS} days in ${((performance.now() - started) / 1000).toFixed(1)} s (${file}).`,
  );
  const store = await openOrderStore({ sqliteFile: file });
  const rows: (string | number)[][] = [];
  const costRows: (string | number)[][] = [];
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
      if (profit !== skus.totals.netProfit || naive.size !== skus.rows.length)
        throw new Error(`report and baseline disagree for ${days} days`);
      await skuReport(deps, shop, range); // warm the page cache
      const sku = await timeIt(RUNS, () => skuReport(deps, shop, range));
      const overview = await timeIt(RUNS, () => overviewReport(deps, shop, range));
      const baseline = await timeIt(Math.max(5, Math.floor(RUNS / 3)), () => naiveSkuReport(mem, range.from, range.to));
      const lines = skus.totals.lines + skus.sampleLines + skus.excludedLines;
      rows.push([
        `${days} days`,
        lines.toLocaleString('en-US'),
        skus.rows.length,
        sku.p50.toFixed(1),
        sku.p99.toFixed(1),
        overview.p50.toFixed(1),
        overview.p99.toFixed(1),
        baseline.p50.toFixed(1),
        baseline.p99.toFixed(1),
        `${(baseline.p50 / sku.p50).toFixed(1)}×`,
        sku.p50 <= 150 && overview.p50 <= 150 ? 'yes' : 'NO',
      ]);
    }
    // The same reports counting the seller's costs: dated COGS on half the SKUs (re-costed from the
    // lines), ad spend every day on SKUs, products and the shop, and three expenses.
    const costs = benchCosts(today);
    for (const days of [7, 90, 366]) {
      const range = { from: addDays(today, -(days - 1)), to: today };
      const plain = await timeIt(RUNS, () => skuReport(deps, shop, range));
      const sku = await timeIt(RUNS, () => skuReport(deps, shop, range, { costs }));
      const overview = await timeIt(RUNS, () => overviewReport(deps, shop, range, undefined, { costs }));
      costRows.push([
        `${days} days`,
        plain.p50.toFixed(1),
        sku.p50.toFixed(1),
        sku.p99.toFixed(1),
        overview.p50.toFixed(1),
        overview.p99.toFixed(1),
        `${(sku.p50 / plain.p50).toFixed(2)}×`,
        sku.p50 <= 150 && overview.p50 <= 150 ? 'yes' : 'NO',
      ]);
    }
  } finally {
    await store.close();
  }
  printTable(
    `With the seller's costs (${costs_summary}): SKU report and overview (SQLite, ms; goal p50 ≤ 150)`,
    [
      'range',
      'SKU p50 (service only)',
      'SKU p50',
      'SKU p99',
      'overview p50',
      'overview p99',
      'cost of the inputs',
      'goal met',
    ],
    costRows,
  );
  printTable(
    `Report latency over ${LINES.toLocaleString('en-US')} stored order lines (SQLite, ms; goal p50 ≤ 150)`,
    [
      'range',
      'lines in range',
      'SKUs',
      'SKU p50',
      'SKU p99',
      'overview p50',
      'overview p99',
      'naive p50',
      'naive p99',
      'SKU vs naive',
      'goal met',
    ],
    rows,
  );
}
