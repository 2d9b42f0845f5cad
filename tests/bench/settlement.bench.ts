// `npm run bench:settlement`: does the forecast of settled profit earn its place? On the demo data
// (every demo shop), the dashboard syncs the last 90 days while recent orders are still open (their
// estimates are kept), the service's settlement clock then moves 21 days on so those orders settle,
// the dashboard's settlement check re-reads the days that changed, and the Settlement report's
// backtest compares, over the orders seen in both states, the error of the forecast (each order
// forecast from the others: leave-one-out, shrunk towards the shop) with the error of the raw
// estimate: mean absolute error of net profit per order, in money and in % of net sales. Not part
// of `npm test`; a run takes about a minute.
import { demoStore, runUnderReactServer } from './server-bench';

runUnderReactServer(import.meta.url);

const DAY_MS = 86_400_000;
const SETTLE_AHEAD_DAYS = 21;

async function main() {
  const { settlementReport } = await import('@/lib/reports/settlement-report');
  const { readSettlePairs } = await import('@/lib/store/snapshots');
  const { quantile } = await import('@/lib/reports/settlement-math');
  const { addDays, shopLocalDate } = await import('@/lib/time');
  const { formatMoney } = await import('@/lib/format/money');
  const { currencyForRegion } = await import('@/lib/format/currency');

  let ahead = 0;
  const t0 = performance.now();
  const { fixture, store, engine } = await demoStore({ settleClock: () => Date.now() + ahead });
  const shops = fixture.shops;
  console.log(`Demo data generated in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${shops.length} shops.`);

  const ranges = new Map<string, { from: string; to: string }>();
  // Day one (nothing observed in both states yet): each SKU's expected drift by the ratio method,
  // with the prior weights tried, to compare with the drift later observed.
  const PRIORS = [10, 50, 200] as const;
  const dayOne = new Map<string, Map<number, Map<string, number>>>();
  for (const shop of shops) {
    const today = shopLocalDate(Math.floor(Date.now() / 1000), shop.timezone);
    const range = { from: addDays(today, -89), to: today };
    ranges.set(shop.id, range);
    await engine.sync(shop, range);
    const byPrior = new Map<number, Map<string, number>>();
    for (const k0 of PRIORS) {
      const early = await settlementReport(store.db, shop.id, range, { ratioPriorWeight: k0 });
      byPrior.set(k0, new Map(early.expected.skus.map((e) => [e.skuId!, e.ratios.net_profit])));
      byPrior.set(-1, new Map(early.expected.skus.map((e) => [e.skuId!, early.expected.shop.ratios.net_profit])));
    }
    dayOne.set(shop.id, byPrior);
  }
  // The service's settlement clock moves on; it applies settlements at most every 5 s.
  ahead = SETTLE_AHEAD_DAYS * DAY_MS;
  await new Promise((resolve) => setTimeout(resolve, 5_200));
  console.log(
    `Mix: the last 90 days of each shop synced, then settlement ${SETTLE_AHEAD_DAYS} days on, re-read by the settlement check.`,
  );

  let all = { orders: 0, netSales: 0, estimateError: 0, forecastError: 0 };
  for (const shop of shops) {
    const range = ranges.get(shop.id)!;
    const check = await engine.checkUnsettled(shop, 60);
    await engine.idle(shop.id);
    const report = await settlementReport(store.db, shop.id, range);
    const b = report.backtest.overall;
    const currency = currencyForRegion(shop.shopRegion);
    const methods = new Map<string, number>();
    for (const e of report.expected.skus) methods.set(e.method, (methods.get(e.method) ?? 0) + 1);
    const share = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(2)}%`);
    const days =
      check === 'busy' ? 'busy' : `${check.changedDays.length} days re-read with ${check.requests} count requests`;
    console.log(
      `${shop.shopName}: ${days}; ${b.orders.toLocaleString('en-US')} orders seen in both states; ` +
        `forecast error ${share(b.forecastErrorShare)} vs ${share(b.estimateErrorShare)} for the raw estimate ` +
        `(mean per order ${formatMoney(Math.round(b.forecastError), currency)} vs ${formatMoney(Math.round(b.estimateError), currency)}` +
        `${b.forecastError > 0 ? `; ${(b.estimateError / b.forecastError).toFixed(1)}x smaller` : ''}); ` +
        `observed net profit drift ${share(report.observed.overall.columns.net_profit.ofNetSales)} of net sales ` +
        `(p10 ${share(report.observed.overall.columns.net_profit.p10)}, p90 ${share(report.observed.overall.columns.net_profit.p90)}); ` +
        `SKU methods ${[...methods].map(([m, n]) => `${m} ${n}`).join(', ')}; ` +
        `open orders: estimate ${formatMoney(report.forecast.total.estimateNetProfit, currency)} → expected settled ${formatMoney(report.forecast.total.expectedNetProfit, currency)}`,
    );
    // Sums of absolute errors (the figures are means per order), to pool the shops' shares of net sales.
    // How far day one's expected drift was from the drift then observed per SKU (net-sales weighted
    // mean absolute difference, in points of net sales), for each prior weight, the shop's figure
    // for every SKU, and 0 (trusting the raw estimate).
    const observedSkus = report.observed.skus.filter((o) => o.columns.net_profit.ofNetSales !== null);
    const weight = observedSkus.reduce((t, o) => t + o.netSales, 0);
    const gap = (predict: (skuId: string) => number) =>
      observedSkus.reduce((t, o) => t + o.netSales * Math.abs(o.columns.net_profit.ofNetSales! - predict(o.skuId)), 0) /
      Math.max(1, weight);
    const early = dayOne.get(shop.id)!;
    const gaps = [
      ...PRIORS.map((k0) => `k0 ${k0} ${share(gap((id) => early.get(k0)!.get(id) ?? 0))}`),
      `the shop's figure ${share(gap((id) => early.get(-1)!.get(id) ?? 0))}`,
      `0 ${share(gap(() => 0))}`,
    ];
    console.log(`  day one's expected drift vs the drift observed on ${observedSkus.length} SKUs: ${gaps.join(', ')}`);
    // The band's calibration: each order's net profit drift ratio against the p10–p90 of the other
    // orders' (a single order's band, leave-one-out): about 8 in 10 should fall inside.
    const ratios: number[] = [];
    for (const pair of await readSettlePairs(store.db, shop.id, range.from, range.to)) {
      const netSales = pair.lines.reduce((t, l) => t + l.estimate.net_sales, 0);
      const drift = pair.lines.reduce((t, l) => t + l.settled.net_profit - l.estimate.net_profit, 0);
      if (netSales > 0) ratios.push(drift / netSales);
    }
    let inside = 0;
    for (const [i, r] of ratios.entries()) {
      const others = ratios.filter((_, j) => j !== i);
      if (r >= quantile(others, 0.1)! && r <= quantile(others, 0.9)!) inside++;
    }
    console.log(
      `  the band (p10–p90 of the other orders' drift) held ${ratios.length ? ((inside / ratios.length) * 100).toFixed(0) : '—'}% of ${ratios.length.toLocaleString('en-US')} orders (80% expected)`,
    );
    all = {
      orders: all.orders + b.orders,
      netSales: all.netSales + b.netSales,
      estimateError: all.estimateError + b.estimateError * b.orders,
      forecastError: all.forecastError + b.forecastError * b.orders,
    };
  }
  // Shares of the shops' net sales in their own currencies added up: a rough pool, each shop's line is exact.
  const pct = (x: number) => `${((x / Math.max(1, all.netSales)) * 100).toFixed(2)}%`;
  console.log(
    `All shops: forecast error ${pct(all.forecastError)} vs ${pct(all.estimateError)} for the raw estimate over ` +
      `${all.orders.toLocaleString('en-US')} settled orders (${all.forecastError < all.estimateError ? 'the forecast is better' : 'THE FORECAST IS NOT BETTER'}).`,
  );
  await store.close();
  await fixture.close();
  if (all.orders === 0 || all.forecastError >= all.estimateError) process.exitCode = 1;
}

// A bounded run: never more than ten minutes, whatever happens.
setTimeout(() => {
  console.error('bench:settlement exceeded 10 minutes; stopping.');
  process.exit(1);
}, 10 * 60_000).unref();

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
