// `npm run bench:alerts`: what evaluating alert rules after a sync costs. The demo data's shops
// synced over 90 days; on each shop one rule of every kind (eight; the seller's ad spend entered on
// two SKUs so "ad spend without sales" has something to read); each shop's rules evaluated 20
// times in a row as after 20 syncs (the first opens the alerts, the others only bring them up to
// date), timed per evaluation, beside the time the shop's SKU profit report of the same 90 days
// takes (the page a seller opens: the baseline). Reads the store only: the upstream requests made
// by the evaluations are counted and must be 0. Not part of `npm test`.
import { demoStore, runUnderReactServer } from './server-bench';

runUnderReactServer(import.meta.url);

const RUNS = 20;

async function main() {
  const { addDays, shopLocalDate } = await import('@/lib/time');
  const { currencyForRegion } = await import('@/lib/format/currency');
  const { ALERT_KINDS, DEFAULT_PARAMS } = await import('@/lib/alerts/rules');
  const { insertRule } = await import('@/lib/alerts/rule-store');
  const { evaluateShopAlerts, rulesToEvaluate } = await import('@/lib/alerts/run');
  const { skuReport } = await import('@/lib/reports/sku-report');
  const { readCostInputs } = await import('@/lib/store/cost-inputs');
  const { randomUUID } = await import('node:crypto');

  const { fixture, requests, store, engine } = await demoStore();
  const shops = fixture.shops;
  const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  console.log(
    `Mix: ${shops.length} demo shops, 90 days synced, ${ALERT_KINDS.length} rules per shop, ${RUNS} evaluations each.`,
  );
  for (const shop of shops) {
    const today = shopLocalDate(Math.floor(Date.now() / 1000), shop.timezone);
    const range = { from: addDays(today, -89), to: today };
    await engine.sync(shop, range);
    const now = Date.now();
    // Ad spend on two SKUs of the catalog (one of them may not sell in a week).
    const skus = await store.db
      .selectFrom('st_catalog_sku')
      .select('sku_id')
      .where('shop_id', '=', shop.id)
      .limit(2)
      .execute();
    for (const [i, s] of skus.entries())
      await store.db
        .insertInto('st_your_ad_spend')
        .values({
          shop_id: shop.id,
          id: randomUUID(),
          day: addDays(today, -i),
          amount_cents: 2_500,
          sku_id: s.sku_id,
          product_id: null,
          campaign: null,
        })
        .execute();
    for (const kind of ALERT_KINDS)
      await insertRule(
        store.db,
        { shopId: shop.id, kind, params: DEFAULT_PARAMS[kind], channels: [], cooldownHours: 24 },
        null,
        now,
      );
    const progress = await engine.progress(shop.id);
    const alertShop = {
      id: shop.id,
      name: shop.shopName,
      timezone: shop.timezone,
      currency: currencyForRegion(shop.shopRegion),
    };
    const before = requests.total;
    const times: number[] = [];
    const opened: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const rules = await rulesToEvaluate({ store }, shop.id);
      opened.push((await evaluateShopAlerts({ store, now: now + i * 60_000, progress }, alertShop, rules)).length);
      times.push(performance.now() - t);
    }
    const reportTimes: number[] = [];
    const costs = await readCostInputs(store.db, shop.id);
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await skuReport({ store, now }, alertShop, range, { costs });
      reportTimes.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    reportTimes.sort((a, b) => a - b);
    const p50 = quantile(times, 0.5);
    console.log(
      `${shop.shopName}: evaluation of ${ALERT_KINDS.length} rules p50 ${p50.toFixed(0)} ms, p95 ${quantile(times, 0.95).toFixed(0)} ms, ` +
        `max ${times.at(-1)!.toFixed(0)} ms (the 90-day SKU profit report: p50 ${quantile(reportTimes, 0.5).toFixed(0)} ms, ` +
        `${(p50 / quantile(reportTimes, 0.5)).toFixed(1)}x); alerts opened: ${opened[0]} by the first evaluation, ` +
        `${opened.slice(1).reduce((a, b) => a + b, 0)} by the ${RUNS - 1} after it; upstream requests: ${requests.total - before}`,
    );
  }
  await store.close();
  await fixture.close();
}

setTimeout(() => {
  console.error('bench:alerts exceeded 10 minutes; stopping.');
  process.exit(1);
}, 10 * 60_000).unref();

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
