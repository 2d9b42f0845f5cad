import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from '@/lib/contract';
import { emptyInputs } from '@/lib/costs/kinds';
import { monthReady } from '@/lib/alerts/evaluate-books';
import type { EvalContext } from '@/lib/alerts/context';
import { SyncEngine } from '@/lib/sync/engine';
import { lastDayOfMonth } from '@/lib/store/month-cache';
import { addDays, shopLocalDate } from '@/lib/time';
import { localDayStart, readShop, type RawOrder } from '@/tests/support/oracle/recount';
import {
  clientFor,
  DEMO_KEY,
  DEMO_SECRET,
  freshStore,
  startService,
  type ServiceFixture,
  type StoreFixture,
} from '@/tests/support/sync/harness';

// "A month is ready to close" (docs/ARCHITECTURE.md#pl-by-month) as a seller meets it: last month,
// synced while some of its orders are still open, is not ready; once the embedded service's settle
// clock has moved on, the sync has re-read the settled days and the service says every order of the
// month is SETTLED, the alert names that month and links to its P&L; a closed month, or one whose
// days are not all stored, is not ready. On SQLite and, with TEST_DATABASE_URL, PostgreSQL.

const DAY = 86_400;

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'a month is ready to close once every order of it has settled (postgres: %s)',
  (postgres) => {
    const startMs = Date.now();
    const clock = { ms: startMs };
    let svc: ServiceFixture;
    let fixture: StoreFixture;
    let engine: SyncEngine;
    let shop: Shop;
    let lastMonth: string;
    let days: { from: string; to: string };

    const ctx = (): EvalContext => ({
      store: fixture.store,
      shop: { id: shop.id, name: shop.shopName, timezone: shop.timezone, currency: 'USD' },
      now: startMs,
      costs: emptyInputs(),
      progress: null,
    });
    /** The month's orders as the service answers them now. */
    const rawOrders = async (): Promise<RawOrder[]> => {
      const fetch = (request: Request) => svc.handler.handle(request, { clientIp: '127.0.0.1' });
      const from = localDayStart(days.from, shop.timezone);
      const to = localDayStart(addDays(days.to, 1), shop.timezone) - 1;
      return (await readShop(fetch, DEMO_KEY, DEMO_SECRET, shop.id, shop.timezone, from, to)).orders;
    };

    beforeAll(async () => {
      svc = await startService({ orders: 1_500, now: new Date(startMs), settleClock: () => clock.ms });
      shop = svc.shop;
      fixture = await freshStore(svc.dir, postgres);
      engine = new SyncEngine({ store: fixture.store, client: clientFor(svc.handler).client, now: () => startMs });
      const today = shopLocalDate(Math.floor(startMs / 1000), shop.timezone);
      lastMonth = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
      days = { from: `${lastMonth}-01`, to: lastDayOfMonth(lastMonth) };
      await engine.sync(shop, { from: days.from, to: today });
    }, 120_000);

    afterAll(async () => {
      await engine?.stop();
      await fixture?.close();
      await svc?.close();
    });

    it('is not ready while some of its orders are still open', async () => {
      const open = (await rawOrders()).filter((o) => o.orderType !== 'SETTLED');
      expect(open.length).toBeGreaterThan(0);
      expect(await monthReady(ctx())).toEqual([]);
    });

    it('is ready once the service has settled every order of it and the sync has read them again', async () => {
      clock.ms += 45 * DAY * 1000;
      const checked = await engine.checkUnsettled(shop, 62);
      expect(checked).not.toBe('busy');
      await engine.idle(shop.id);
      const orders = await rawOrders();
      expect(orders.length).toBeGreaterThan(0);
      expect(orders.filter((o) => o.orderType !== 'SETTLED')).toEqual([]);
      const found = await monthReady(ctx());
      expect(found.map((f) => f.subject)).toEqual([`month:${lastMonth}`]);
      expect(found[0]!.title).toMatch(/ is ready to close$/);
      expect(found[0]!.message).toContain(`All ${orders.length.toLocaleString('en-US')} orders of`);
      expect(found[0]!.link).toContain('/pnl-by-month?');
      expect(found[0]!.link).toContain(`from=${days.from}`);
    });

    it('is not ready when one of its days is not stored', async () => {
      await fixture.store.uncover(shop.id, [days.from]);
      expect(await monthReady(ctx())).toEqual([]);
      await engine.sync(shop, { from: days.from, to: days.from });
      expect((await monthReady(ctx())).map((f) => f.subject)).toEqual([`month:${lastMonth}`]);
    });

    it('is not ready once closed; the month after it is looked at instead', async () => {
      await fixture.store.db
        .insertInto('st_month_close')
        .values({
          shop_id: shop.id,
          month: lastMonth,
          closed_at: startMs,
          closed_by: 'owner@example.com',
          basis: '{}',
          statement: '{}',
        })
        .execute();
      // The month after the closed one is this month, which has not ended: nothing is ready.
      expect(await monthReady(ctx())).toEqual([]);
    });
  },
);
