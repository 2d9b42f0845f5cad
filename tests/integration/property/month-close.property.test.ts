import { lastDayOfMonth } from '@/lib/time';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from '@/lib/contract';
import { monthItems, sumByLine } from '@/lib/reports/month-items';
import { monthColumns } from '@/lib/reports/pnl-by-month';
import type { OrderStore } from '@/lib/store/order-store';
import { SyncEngine } from '@/lib/sync/engine';
import { readShop, shiftDay, type RawShop } from '@/tests/support/oracle/recount';
import {
  clientFor,
  DEMO_KEY,
  DEMO_SECRET,
  freshStore,
  startService,
  type ServiceFixture,
} from '@/tests/support/sync/harness';
import { costsArb, runs, SEED, switchesArb, todayOf, toInputs } from './arbitraries';

// A closed month's itemised figures add up to its statement: for generated shops, ended months
// (the DST months of the shops' zones among them), switches and seller's costs (dated COGS, ad
// spend on SKUs, products and the shop, expenses, fulfilment per unit and per order), every line of
// the month's statement but its totals is the sum of its items (orders, refund days, input days),
// to the cent, and no item names a line the statement does not have. On both stores.

const DAY = 86_400;

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  "a month's items add up to its statement, line by line (postgres: %s)",
  (postgres) => {
    let svc: ServiceFixture;
    let store: OrderStore;
    let closeStore: () => Promise<void>;
    let engine: SyncEngine;
    let shops: Shop[];
    const raw = new Map<string, RawShop>();

    beforeAll(async () => {
      svc = await startService({ orders: 3_000 });
      shops = svc.shops;
      const now = Math.floor(Date.now() / 1000);
      const fetch = (request: Request) => svc.handler.handle(request, { clientIp: '127.0.0.1' });
      for (const shop of shops)
        raw.set(
          shop.id,
          await readShop(fetch, DEMO_KEY, DEMO_SECRET, shop.id, shop.timezone, now - 500 * DAY, now + DAY),
        );
      ({ store, close: closeStore } = await freshStore(svc.dir, postgres));
      engine = new SyncEngine({ store, client: clientFor(svc.handler).client });
    }, 120_000);
    afterAll(async () => {
      await closeStore?.();
      await svc?.close();
    });

    it('Σ items = the statement for every line but the totals', async () => {
      const caseArb = fc.integer({ min: 0, max: shops.length - 1 }).chain((i) => {
        const shop = shops[i]!;
        const today = todayOf(shop.timezone);
        return fc.record({
          shop: fc.constant(shop),
          // An ended month of the last 14 (the first day of the month `back` months ago).
          month: fc
            .integer({ min: 1, max: 14 })
            .map((back) => shiftDay(`${today.slice(0, 7)}-15`, -Math.round(30.44 * back)).slice(0, 7)),
          switches: switchesArb,
          costs: fc.option(costsArb(raw.get(shop.id)!, today), { nil: undefined }),
        });
      });
      let withItems = 0;
      await fc.assert(
        fc.asyncProperty(caseArb, async ({ shop, month, switches, costs }) => {
          const range = { from: `${month}-01`, to: lastDayOfMonth(month) };
          await engine.sync(shop, range);
          const deps = { store, now: Date.now() };
          const inputs = costs ? toInputs(costs) : null;
          const [column] = await monthColumns(deps, shop, range, { switches, costs: inputs });
          const items = await monthItems(deps, shop, month, switches, inputs);
          const sums = sumByLine(items);
          const keys = new Set(column!.lines.map((l) => l.key));
          expect([...sums.keys()].filter((k) => !keys.has(k))).toEqual([]);
          for (const line of column!.lines)
            if (line.kind !== 'total')
              expect({ key: line.key, cents: sums.get(line.key) ?? 0 }).toEqual({ key: line.key, cents: line.cents });
          if (items.length > 0) withItems += 1;
        }),
        { numRuns: runs(25), seed: SEED },
      );
      expect(withItems).toBeGreaterThan(0);
    }, 600_000);
  },
);
