// Refresh cost: upstream requests per shop per hour that keep a shop's recent days fresh
// under the current freshness rules (recent 14 days re-read 15 min after their last read, older
// days still holding unsettled orders every 6 h, stored months reconciled with one limit=1 request
// every 6 h), simulated over 24 hours of 5-minute background ticks against the embedded service.
// Run: npx tsx tests/bench/sync/refresh-cost.ts (BENCH_ORDERS sets the main shop's yearly volume).
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, shopLocalDate } from '@/lib/time';
import { SyncEngine } from '@/lib/sync/engine';
import { clientFor, freshStore, startService } from '@/tests/support/sync/harness';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 20_000);
const TICK_MS = 5 * 60_000;
const HOURS = 24;

async function main() {
  const svc = await startService({ orders: ORDERS });
  const dir = join(svc.dir, 'bench');
  mkdirSync(dir, { recursive: true });
  const { store, close } = await freshStore(dir);
  try {
    const shop = svc.shop;
    const { client, requests } = clientFor(svc.handler);
    let now = Date.now();
    const engine = new SyncEngine({ store, client, now: () => now });
    const today = () => shopLocalDate(Math.floor(now / 1000), shop.timezone);
    await engine.sync(shop, { from: addDays(today(), -399), to: today() });
    const initial = requests.total;
    let reconcileRequests = 0;
    for (let tick = 1; tick <= (HOURS * 3_600_000) / TICK_MS; tick++) {
      now += TICK_MS;
      const before = requests.total;
      await engine.reconcile(shop, { from: addDays(today(), -800), to: today() });
      reconcileRequests += requests.total - before;
      await engine.sync(shop, { from: addDays(today(), -45), to: today() });
    }
    const perHour = (requests.total - initial) / HOURS;
    console.log(
      `Main shop: ${ORDERS.toLocaleString('en-US')} orders over 400 days (≈${Math.round(ORDERS / 400)} a day).`,
    );
    console.log(`Initial sync of 400 days: ${initial} requests.`);
    console.log(
      `Steady refresh over ${HOURS} h: ${(requests.total - initial).toLocaleString('en-US')} requests = ${perHour.toFixed(1)} per hour (of which reconciliation ${(reconcileRequests / HOURS).toFixed(1)} per hour).`,
    );
    console.log(
      `At 60 requests/min (3,600 an hour) one key keeps about ${Math.floor(3_600 / perHour)} such shops fresh, with nothing left for people.`,
    );
  } finally {
    await close();
    await svc.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

setTimeout(() => {
  console.error('refresh-cost exceeded 10 minutes; stopping.');
  process.exit(1);
}, 10 * 60_000).unref();

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
