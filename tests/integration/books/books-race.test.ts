import { beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from '@/lib/contract';
import type { BooksState } from '@/lib/reports/books-schemas';
import { routesFixture } from '@/tests/support/api/routes-fixture';
import { localDayOf, shiftDay } from '@/tests/support/oracle/recount';
import { body, signedInCookie, type ErrorEnvelope } from '../api/support';
import { postToMonth } from './support';

// Closing and reopening hold the shop's books lock (a row lock on PostgreSQL, the write transaction
// on SQLite): requests racing each other run one after the other, the second seeing the first's
// months. Two closes of one month close it once (one history entry); two first closes of months
// apart close one of them (never a chain with a gap); a close racing the reopening of the month
// before it leaves no month closed after an open one, and no adjustment booked in or for a month
// that is not closed. On both stores.

const { POST: close } = await import('@/app/api/dashboard/shops/[shopId]/books/months/[month]/close/route');
const { POST: reopen } = await import('@/app/api/dashboard/shops/[shopId]/books/months/[month]/reopen/route');

const monthBefore = (m: string) => shiftDay(`${m}-01`, -1).slice(0, 7);

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'racing closes and reopenings (postgres: %s)',
  (postgres) => {
    const fixture = routesFixture({ orders: 800, postgres });
    let shop: Shop;
    let cookie = '';
    let m1 = '';
    let m2 = '';
    let m3 = '';

    const post = (handler: typeof close, month: string, payload: unknown) =>
      postToMonth(handler as never, shop.id, month, cookie, payload);
    const outcome = async (response: Response) =>
      response.status === 200
        ? { status: 200, closed: (await body<{ data: BooksState }>(response)).data.closed.map((c) => c.month) }
        : { status: response.status, message: (await body<ErrorEnvelope>(response)).error.message };
    /** The books as stored: closed months, close events per month, adjustments' months. */
    async function stored() {
      const db = fixture.store.db;
      const closed = (await db.selectFrom('st_month_close').select('month').where('shop_id', '=', shop.id).execute())
        .map((r) => r.month)
        .sort();
      const events = await db
        .selectFrom('st_month_close_event')
        .select(['month', 'action'])
        .where('shop_id', '=', shop.id)
        .execute();
      const adjustments = await db
        .selectFrom('st_month_adjustment')
        .select(['booked_month', 'for_month'])
        .where('shop_id', '=', shop.id)
        .execute();
      return { closed, events, adjustments };
    }
    /** Closed months follow each other, and every adjustment is booked in and for closed months. */
    function expectAChain(books: Awaited<ReturnType<typeof stored>>) {
      for (let i = 1; i < books.closed.length; i++) expect(monthBefore(books.closed[i]!)).toBe(books.closed[i - 1]);
      for (const a of books.adjustments) {
        expect(books.closed).toContain(a.booked_month);
        expect(books.closed).toContain(a.for_month);
      }
    }

    beforeAll(async () => {
      shop = fixture.shops[0]!;
      const today = localDayOf(Math.floor(Date.now() / 1000), shop.timezone);
      m1 = monthBefore(today.slice(0, 7));
      m2 = monthBefore(m1);
      m3 = monthBefore(m2);
      await fixture.engine.sync(shop, { from: `${m3}-01`, to: today });
      cookie = await signedInCookie();
    }, 240_000);

    it('two first closes of months apart close one of them: never a chain with a gap', async () => {
      const both = await Promise.all([post(close, m3, {}), post(close, m1, {})]).then((r) =>
        Promise.all(r.map(outcome)),
      );
      expect(both.filter((o) => o.status === 200)).toHaveLength(1);
      const refused = both.find((o) => o.status !== 200)!;
      expect(refused.status).toBe(409);
      expect(refused.message).toMatch(/^(Closed months follow each other|The books changed while)/);
      const books = await stored();
      expect(books.closed).toHaveLength(1);
      expectAChain(books);
      // Back to nothing closed.
      expect((await post(reopen, books.closed[0]!, { reason: 'starting the race again' })).status).toBe(200);
      expect((await stored()).closed).toEqual([]);
    }, 120_000);

    it('two closes of the same month close it once', async () => {
      const closesOf = (books: Awaited<ReturnType<typeof stored>>) =>
        books.events.filter((e) => e.month === m3 && e.action === 'close').length;
      const before = closesOf(await stored());
      const results = await Promise.all([post(close, m3, {}), post(close, m3, {})]).then((r) =>
        Promise.all(r.map(outcome)),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.message).toBe(
        `${new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${m3}-01T00:00:00Z`))} is already closed.`,
      );
      const books = await stored();
      expect(books.closed).toEqual([m3]);
      expect(closesOf(books) - before).toBe(1);
      expectAChain(books);
    }, 120_000);

    it('a close racing the reopening of the month before it leaves a chain, and adjustments only in closed months', async () => {
      const [c, r] = (await Promise.all([
        post(close, m2, {}),
        post(reopen, m3, { reason: 'a supplier invoice came late' }),
      ]).then((all) => Promise.all(all.map(outcome)))) as [
        Awaited<ReturnType<typeof outcome>>,
        Awaited<ReturnType<typeof outcome>>,
      ];
      // One of them, or both one after the other (reopen, then m2 as a first close): never a gap.
      expect([c.status, r.status]).toContain(200);
      const books = await stored();
      expectAChain(books);
      if (r.status === 200 && c.status === 200) expect(books.closed).toEqual([m2]);
      if (r.status !== 200) expect(books.closed).toEqual([m3, m2]);
      if (c.status !== 200) expect(books.closed).toEqual([]);
    }, 120_000);
  },
);
