// `npm run bench:pnl`: the P&L by month of this month and the 11 before it, of each demo shop (the demo data's own
// order counts), from the store after a sync: the first statement (every month's sums and the parts
// summed from the stored payloads), then the same statement again (each month kept under its
// version: lib/store/month-cache), then after today's month changed (one month read again). The
// ceiling is the page's budget for a statement; not part of `npm test`.
import { demoStore, runUnderReactServer } from './server-bench';

runUnderReactServer(import.meta.url);

/** A 12-month statement read cold may take this long (ms): the page's answer budget. */
const CEILING_MS = 2_000;

async function main() {
  const { pnlByMonth } = await import('@/lib/reports/pnl-by-month');
  const { skuReport } = await import('@/lib/reports/sku-report');
  const { readPnlDays } = await import('@/lib/reports/pnl-days');
  const { addDays, shopLocalDate } = await import('@/lib/time');
  const { sql } = await import('kysely');

  const { fixture, store, engine } = await demoStore();
  const switches = { includeCancelled: false, includeSamples: false };
  const time = async <T>(run: () => Promise<T>) => {
    const t = performance.now();
    const out = await run();
    return { out, ms: performance.now() - t };
  };
  let worst = 0;
  for (const shop of fixture.shops) {
    const today = shopLocalDate(Math.floor(Date.now() / 1000), shop.timezone);
    // This month and the 11 before it.
    let first = `${today.slice(0, 7)}-01`;
    for (let i = 0; i < 11; i++) first = `${addDays(first, -1).slice(0, 7)}-01`;
    const range = { from: first, to: today };
    const synced = await time(() => engine.sync(shop, range));
    const deps = { store, now: Date.now() };
    const orders = await store.db
      .selectFrom('st_order')
      .select(sql<number>`count(*)`.as('n'))
      .where('shop_id', '=', shop.id)
      .where('local_day', '>=', range.from)
      .executeTakeFirstOrThrow();
    const cold = await time(() => pnlByMonth(deps, shop, range, { switches, costs: null }));
    const warm = await time(() => pnlByMonth(deps, shop, range, { switches, costs: null }));
    const sku = await time(() => skuReport(deps, shop, range, { switches }));
    // The same days as All shops reads them, to convert each at its rate.
    const days = await time(() => readPnlDays(deps, shop, range, { switches, costs: null }));
    // Today's month changes (the refresh policy re-reads it): its version moves on, one month is read again.
    await store.db
      .updateTable('st_month_version')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('shop_id', '=', shop.id)
      .where('month', '=', today.slice(0, 7))
      .execute();
    const oneMonth = await time(() => pnlByMonth(deps, shop, range, { switches, costs: null }));
    worst = Math.max(worst, cold.ms);
    const n = Number(orders.n);
    console.log(
      `${shop.shopName}: ${cold.out.months.length} months, ${n.toLocaleString('en-US')} orders ` +
        `(${Math.round(n / cold.out.months.length).toLocaleString('en-US')} a month, synced in ${(synced.ms / 1000).toFixed(1)} s); ` +
        `statement first ${cold.ms.toFixed(0)} ms, again ${warm.ms.toFixed(0)} ms, after this month changed ${oneMonth.ms.toFixed(0)} ms; ` +
        `the SKU report of the same range ${sku.ms.toFixed(0)} ms; its ${days.out.size} days for All shops ${days.ms.toFixed(0)} ms`,
    );
  }
  console.log(
    `P&L by month, 12 months read cold: worst ${worst.toFixed(0)} ms = ${(worst / CEILING_MS).toFixed(2)} of the ${CEILING_MS} ms ceiling`,
  );
  await store.close();
  await fixture.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
