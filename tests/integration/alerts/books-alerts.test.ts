import { beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from '@/lib/contract';
import { emptyInputs } from '@/lib/costs/kinds';
import { adjustmentsOver, booksNote, monthReady } from '@/lib/alerts/evaluate-books';
import { DEFAULT_SWITCHES } from '@/lib/profit';
import { closingOf, liveColumn, readBooks, type BooksBasis } from '@/lib/reports/month-close';
import { writeClose } from '@/lib/store/books';
import type { EvalContext } from '@/lib/alerts/context';
import { withLocale } from '@/lib/format/locale';
import { formatSentence } from '@/lib/format/sentence';
import { formatMonth } from '@/lib/format/time';

import { addDays, lastDayOfMonth, shopLocalDate } from '@/lib/time';
import { localDayStart, readShop, type RawOrder } from '@/tests/support/oracle/recount';
import { propertyFixture } from '@/tests/support/property/fixture';
import { DEMO_KEY, DEMO_SECRET } from '@/tests/support/sync/harness';

// The books' alerts (docs/ARCHITECTURE.md#pl-by-month) as a seller meets them, with the embedded
// service's settle clock. "A month is ready to close": last month, synced while some of its orders
// are still open, is not ready; once the clock has moved on, the sync has re-read the settled days
// and the service says every order of the month is SETTLED, the alert names that month and links to
// its P&L; a month whose days are not all stored is not ready, nor a closed one. "Closed months
// changed": last month closed while its orders were open; when they settle, the alert's figure is
// the change of the month's net profit since it closed (its statement now against the frozen one),
// over a limit of $0 but not over one larger than the change; the digest says both. On SQLite and,
// with TEST_DATABASE_URL, PostgreSQL.

const DAY = 86_400;
const BASIS: BooksBasis = { switches: DEFAULT_SWITCHES, costs: 'service' };

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'a month is ready to close once every order of it has settled (postgres: %s)',
  (postgres) => {
    // The service settles orders by the fixture's clock (fx.settle), which the tests move on; the
    // dashboard's stays at the start.
    const fx = propertyFixture({ orders: 1_500, postgres, rawDays: 0, firstShopOnly: true, frozenNow: true });
    let shop: Shop;
    let lastMonth: string;
    let days: { from: string; to: string };

    const ctx = (): EvalContext => ({
      store: fx.store,
      shop: { id: shop.id, name: shop.shopName, timezone: shop.timezone, currency: 'USD' },
      now: fx.startMs,
      costs: emptyInputs(),
      progress: null,
    });
    /** The month's orders as the service answers them now. */
    const rawOrders = async (): Promise<RawOrder[]> => {
      const fetch = (request: Request) => fx.svc.handler.handle(request, { clientIp: '127.0.0.1' });
      const from = localDayStart(days.from, shop.timezone);
      const to = localDayStart(addDays(days.to, 1), shop.timezone) - 1;
      return (await readShop(fetch, DEMO_KEY, DEMO_SECRET, shop.id, shop.timezone, from, to)).orders;
    };

    beforeAll(async () => {
      shop = fx.shop;
      const today = shopLocalDate(Math.floor(fx.startMs / 1000), shop.timezone);
      lastMonth = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
      days = { from: `${lastMonth}-01`, to: lastDayOfMonth(lastMonth) };
      await fx.engine.sync(shop, { from: days.from, to: today });
    }, 120_000);

    it('is not ready while some of its orders are still open', async () => {
      const open = (await rawOrders()).filter((o) => o.orderType !== 'SETTLED');
      expect(open.length).toBeGreaterThan(0);
      expect(await monthReady(ctx())).toEqual([]);
    });

    it('is ready once the service has settled every order of it and the sync has read them again', async () => {
      fx.settle.ms += 45 * DAY * 1000;
      const checked = await fx.engine.checkUnsettled(shop, 62);
      expect(checked).not.toBe('busy');
      await fx.engine.idle(shop.id);
      const orders = await rawOrders();
      expect(orders.length).toBeGreaterThan(0);
      expect(orders.filter((o) => o.orderType !== 'SETTLED')).toEqual([]);
      const found = await monthReady(ctx());
      expect(found.map((f) => f.subject)).toEqual([`month:${lastMonth}`]);
      expect(formatSentence(found[0]!.title)).toMatch(/ is ready to close$/);
      expect(formatSentence(found[0]!.message)).toContain(`All ${orders.length.toLocaleString('en-US')} orders of`);
      // Each reader reads the count and the month in their locale.
      const german = withLocale('de-DE', () => formatSentence(found[0]!.message));
      expect(german).toContain(
        `All ${orders.length.toLocaleString('de-DE')} orders of ${withLocale('de-DE', () => formatMonth(lastMonth))}`,
      );
      expect(found[0]!.link).toContain('/pnl-by-month?');
      expect(found[0]!.link).toContain(`from=${days.from}`);
    });

    it('is not ready when one of its days is not stored', async () => {
      await fx.store.uncover(shop.id, [days.from]);
      expect(await monthReady(ctx())).toEqual([]);
      await fx.engine.sync(shop, { from: days.from, to: days.from });
      expect((await monthReady(ctx())).map((f) => f.subject)).toEqual([`month:${lastMonth}`]);
    });

    it('is not ready once closed; the month after it is looked at instead', async () => {
      const deps = { store: fx.store, now: fx.startMs };
      const closing = await closingOf(deps, shop, await readBooks(deps, shop.id), lastMonth, BASIS, null);
      await writeClose(fx.store.db, {
        shopId: shop.id,
        month: lastMonth,
        at: fx.startMs,
        person: 'owner@demo.example',
        basis: JSON.stringify(BASIS),
        statement: JSON.stringify(closing.statement),
        items: closing.items,
        adjustments: closing.adjustments,
      });
      // The month after the closed one is this month, which has not ended: nothing is ready.
      expect(await monthReady(ctx())).toEqual([]);
    });
  },
);

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'closed months changed by more than an amount (postgres: %s)',
  (postgres) => {
    // The service settles orders by the fixture's clock (fx.settle), which the tests move on; the
    // dashboard's stays at the start.
    const fx = propertyFixture({ orders: 1_500, postgres, rawDays: 0, firstShopOnly: true, frozenNow: true });
    let shop: Shop;
    let lastMonth: string;
    let frozenBottomLine: number;
    const deps = () => ({ store: fx.store, now: fx.startMs });
    const ctx = (): EvalContext => ({
      store: fx.store,
      shop: { id: shop.id, name: shop.shopName, timezone: shop.timezone, currency: 'USD' },
      now: fx.startMs,
      costs: emptyInputs(),
      progress: null,
    });

    beforeAll(async () => {
      shop = fx.shop;
      const today = shopLocalDate(Math.floor(fx.startMs / 1000), shop.timezone);
      lastMonth = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
      await fx.engine.sync(shop, { from: `${lastMonth}-01`, to: today });
      const closing = await closingOf(deps(), shop, await readBooks(deps(), shop.id), lastMonth, BASIS, null);
      await writeClose(fx.store.db, {
        shopId: shop.id,
        month: lastMonth,
        at: fx.startMs,
        person: 'owner@demo.example',
        basis: JSON.stringify(BASIS),
        statement: JSON.stringify(closing.statement),
        items: closing.items,
        adjustments: closing.adjustments,
      });
      frozenBottomLine = closing.statement.lines.find((l) => l.key === 'bottomLine')!.cents;
    }, 120_000);

    it('says nothing while nothing in the closed month has changed', async () => {
      expect(await adjustmentsOver(ctx(), { amount: 0 })).toEqual([]);
      expect(await booksNote(ctx())).toEqual([]);
    });

    it('names the change of the closed month’s net profit once its orders have settled', async () => {
      fx.settle.ms += 45 * DAY * 1000;
      expect(await fx.engine.checkUnsettled(shop, 62)).not.toBe('busy');
      await fx.engine.idle(shop.id);
      const now = await liveColumn(deps(), shop, lastMonth, BASIS, null);
      const change = now.lines.find((l) => l.key === 'bottomLine')!.cents - frozenBottomLine;
      expect(change).not.toBe(0);
      const found = await adjustmentsOver(ctx(), { amount: 0 });
      expect(found).toHaveLength(1);
      expect(found[0]!.figure.value).toBe(change);
      expect(found[0]!.subject).toBe(`adjustments:${addDays(lastDayOfMonth(lastMonth), 1).slice(0, 7)}`);
      expect(found[0]!.link).toContain('/pnl-by-month?');
      expect(await adjustmentsOver(ctx(), { amount: Math.abs(change) })).toEqual([]);
      expect(await adjustmentsOver(ctx(), { amount: Math.abs(change) - 1 })).toHaveLength(1);
      const notes = (await booksNote(ctx())).map((n) => formatSentence(n));
      expect(notes.at(-1)).toMatch(
        /^adjustments to closed periods of -?\$[\d,.]+ will be booked in [A-Z][a-z]{2} \d{4}$/,
      );
    });
  },
);
