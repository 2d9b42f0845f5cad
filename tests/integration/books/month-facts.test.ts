import { beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from '@/lib/contract';
import type { MonthFacts } from '@/lib/reports/books-schemas';
import { routesFixture } from '@/tests/support/api/routes-fixture';
import { earlyInMonth } from '@/tests/support/property/fixture';
import {
  daysBetween,
  kindOf,
  localDayOf,
  readShop,
  recountSkus,
  shiftDay,
  type RawShop,
} from '@/tests/support/oracle/recount';
import { DEMO_KEY, DEMO_SECRET } from '@/tests/support/sync/harness';
import { body, call, freshIp, signedInCookie } from '../api/support';

// What a month is closed on, whatever range the page shows: the close dialog's facts of a month
// (GET …/books/months/{month}) are the whole month's, recounted from the service's raw orders: its
// net sales and the part of them still estimated (orders UNSETTLED or DRAFT), its open orders (not
// cancelled) and the day of the latest of them, its days stored. After the service's settle clock
// moves on and the store sees orders settle, the same again, and the day the last open order is
// expected to settle is its day plus the days within which 9 in 10 of the orders seen settling
// (neither cancelled nor samples, of the last 180 days) settled. On both stores.

const { GET: monthRoute } = await import('@/app/api/dashboard/shops/[shopId]/books/months/[month]/route');

const DAY = 86_400;
const SWITCHES = { includeCancelled: false, includeSamples: false };
const isOpen = (orderType: string) => orderType === 'UNSETTLED' || orderType === 'DRAFT';

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'the close dialog’s facts are the whole month’s (postgres: %s)',
  (postgres) => {
    // The data is made, and orders settle, as of early in a month (whatever the day the tests run):
    // last month then has orders still open.
    const startMs = earlyInMonth();
    const clock = { ms: startMs };
    const fixture = routesFixture({ orders: 1_200, postgres, now: new Date(startMs), settleClock: () => clock.ms });
    let shop: Shop;
    let cookie = '';
    let month = '';
    let today = '';
    let from = '';
    let to = '';
    /** How many days back the check of unsettled orders reads: to 62 days before the data was made (it reads back from today). */
    let reach = 0;

    const fetchService = (request: Request) => fixture.svc.handler.handle(request, { clientIp: '127.0.0.1' });
    const raw = () => {
      const now = Math.floor(Date.now() / 1000);
      return readShop(fetchService, DEMO_KEY, DEMO_SECRET, shop.id, shop.timezone, now - 200 * DAY, now + DAY);
    };
    const facts = async () => {
      const answer = await call(
        monthRoute as never,
        `/api/dashboard/shops/${shop.id}/books/months/${month}?cancelled=exclude&samples=separate&costs=mine`,
        { params: { shopId: shop.id, month }, cookie, ip: freshIp() },
      );
      expect(answer.status).toBe(200);
      return (await body<{ data: MonthFacts }>(answer)).data;
    };
    /** The month recounted from the raw orders, by the words above. */
    function recount(r: RawShop) {
      const inMonth = r.orders.filter((o) => {
        const day = localDayOf(o.createTime, r.timezone);
        return day >= from && day <= to;
      });
      const open = inMonth.filter((o) => isOpen(o.orderType) && kindOf(o, SWITCHES) !== 'excluded');
      const totals = recountSkus(r, { from, to }, SWITCHES).totals;
      return {
        days: daysBetween(from, to).length,
        daysStored: daysBetween(from, to).length,
        netSales: totals.netSales,
        estimatedNetSales: totals.estimatedNetSales,
        estimatedShare: totals.netSales === 0 ? null : totals.estimatedNetSales / totals.netSales,
        openOrders: open.length,
        lastOpenDay: open.length
          ? open
              .map((o) => localDayOf(o.createTime, r.timezone))
              .sort()
              .at(-1)!
          : null,
      };
    }

    beforeAll(async () => {
      shop = fixture.shops[0]!;
      today = localDayOf(Math.floor(Date.now() / 1000), shop.timezone);
      // The month before the data's: it ended days before the data was made.
      const start = localDayOf(Math.floor(startMs / 1000), shop.timezone);
      month = shiftDay(`${start.slice(0, 7)}-01`, -1).slice(0, 7);
      from = `${month}-01`;
      to = shiftDay(`${start.slice(0, 7)}-01`, -1);
      reach = 62 + daysBetween(start, today).length - 1;
      await fixture.engine.sync(shop, { from, to: today });
      cookie = await signedInCookie();
    }, 240_000);

    it('its share still estimated, open orders, last open day and days stored are the month’s own', async () => {
      const before = await raw();
      const want = recount(before);
      // Not a vacuous pass: the month has sales, some of them still estimated.
      expect(want.openOrders).toBeGreaterThan(0);
      expect(want.estimatedNetSales).toBeGreaterThan(0);
      expect(await facts()).toMatchObject({ month, refusal: null, ...want });

      // The settle clock moves on a week: orders settle, the store sees them settle.
      clock.ms += 7 * DAY * 1000;
      expect(await fixture.engine.checkUnsettled(shop, reach)).not.toBe('busy');
      await fixture.engine.idle(shop.id);
      const after = await raw();
      const now = recount(after);
      expect(now.openOrders).toBeLessThan(want.openOrders);
      const got = await facts();
      expect(got).toMatchObject({ month, refusal: null, ...now });
      // Seen settling today: orders open at the first read (neither cancelled nor samples), settled at
      // the second; 9 in 10 of them settled within so many days of their day.
      const wasOpen = new Set(
        before.orders.filter((o) => isOpen(o.orderType) && kindOf(o, SWITCHES) === 'counted').map((o) => o.id),
      );
      const lags = after.orders
        .filter((o) => wasOpen.has(o.id) && !isOpen(o.orderType) && kindOf(o, SWITCHES) === 'counted')
        .map((o) => localDayOf(o.createTime, shop.timezone))
        // The days the store holds, up to yesterday (the days the check of unsettled orders reads).
        .filter((day) => day >= from && day >= shiftDay(today, -reach) && day < today)
        .map((day) => daysBetween(day, today).length - 1)
        .sort((a, b) => a - b);
      expect(lags.length).toBeGreaterThanOrEqual(10);
      const settleDays = lags[Math.ceil(0.9 * lags.length) - 1]!;
      expect(got.settleDays).toBe(settleDays);
      expect(got.expectedSettledBy).toBe(now.lastOpenDay ? shiftDay(now.lastOpenDay, settleDays) : null);
    }, 300_000);
  },
);
