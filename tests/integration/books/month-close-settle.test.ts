import { lastDayOfMonth, monthAfter } from '@/lib/time';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from '@/lib/contract';
import { csvHeader, csvLine, csvRow } from '@/lib/csv';
import { DEFAULT_SWITCHES } from '@/lib/profit';
import { closingOf, pendingOf, readBooks, type BooksBasis } from '@/lib/reports/month-close';
import { monthColumns, statementOf, type PnlByMonth } from '@/lib/reports/pnl-by-month';
import { pnlColumns, pnlRows } from '@/lib/reports/pnl-by-month-csv';
import type { PeriodDeps } from '@/lib/reports/period';
import { withBooks } from '@/lib/server/loaders/books';
import { writeClose } from '@/lib/store/books';
import { cents, kindOf, localDayOf, readShop, type RawOrder } from '@/tests/support/oracle/recount';
import { earlyInMonth, propertyFixture } from '@/tests/support/property/fixture';
import { DEMO_KEY, DEMO_SECRET } from '@/tests/support/sync/harness';

// Closing a month whose orders have not all settled, with the embedded service's settle clock: the
// dashboard syncs the last ended month and this one, closes the last ended month, then the clock
// moves on, orders settle and the dashboard re-reads them. The closed month's statement (and its
// CSV) is unchanged to the byte; the adjustments pending in the first open month are, per order and
// per line, exactly the drift of the orders that settled, recounted here from the service's two raw
// reads of each order (estimate, then settled), never from the dashboard's store.

const DAY = 86_400;
const ADVANCE_DAYS = 20;
const BASIS: BooksBasis = { switches: DEFAULT_SWITCHES, costs: 'service' };
const GROUPS = { shippingCost: 'shipping', platformFees: 'fees', affiliateCommission: 'affiliate' } as const;

/** An order's figures by statement line under the default switches (counted: cost lines and parts; sample: its net profit and its two parts). */
function orderLines(o: RawOrder): Map<string, number> {
  const out = new Map<string, number>();
  const add = (k: string, c: number) => c !== 0 && out.set(k, (out.get(k) ?? 0) + c);
  const kind = kindOf(o, DEFAULT_SWITCHES);
  for (const l of o.lines) {
    if (kind === 'sample') {
      // A free sample's whole net profit, and apart its cost of goods (the stock it took) and the rest
      // (what the marketplace charged for it, less any sales), as a bookkeeper posts them.
      const rest =
        cents(l.grossSales) +
        cents(l.promos) +
        cents(l.shipping) +
        cents(l.platformFees) +
        cents(l.affiliateCommission);
      add('samples', rest + cents(l.costOfGoods));
      add('samples.cogs', cents(l.costOfGoods));
      add('samples.marketplace', rest);
    }
    if (kind !== 'counted') continue;
    add('sales.gross', cents(l.grossSales));
    add('promos.seller', cents(l.promos));
    add('cogs', cents(l.costOfGoods));
    add('shipping', cents(l.shipping));
    add('fees', cents(l.platformFees));
    add('affiliate', cents(l.affiliateCommission));
    for (const [key, amount] of Object.entries(l.parts)) {
      const [group, part] = key.split('.') as [string, string];
      add(
        group === 'gmvBreakdown' ? 'promos.platform' : `${GROUPS[group as keyof typeof GROUPS]}.${part}`,
        cents(amount),
      );
    }
  }
  return out;
}

function csvOf(report: PnlByMonth): string {
  const columns = pnlColumns(report, true);
  return [csvLine(csvHeader(columns)), ...pnlRows(report).map((r) => csvLine(csvRow(columns, r)))].join('');
}

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'a closed month while its orders settle (postgres: %s)',
  (postgres) => {
    // The service settles orders by the fixture's clock (fx.settle), which the tests move on; the
    // dashboard's stays at the start, early in a month (whatever the day the tests run).
    const fx = propertyFixture({
      orders: 3_000,
      postgres,
      rawDays: 0,
      firstShopOnly: true,
      frozenNow: true,
      startMs: earlyInMonth(),
    });
    let shop: Shop;
    let deps: PeriodDeps;
    let closed = '';
    let open = '';
    let before: RawOrder[] = [];
    let after: RawOrder[] = [];
    let frozenBefore = '';
    let csvBefore = '';

    const read = async () => {
      const fetch = (request: Request) => fx.svc.handler.handle(request, { clientIp: '127.0.0.1' });
      const from = Math.floor(Date.parse(`${closed}-01T00:00:00Z`) / 1000) - 2 * DAY;
      return (
        await readShop(fetch, DEMO_KEY, DEMO_SECRET, shop.id, shop.timezone, from, Math.floor(fx.startMs / 1000) + DAY)
      ).orders;
    };
    const shown = async (month: string) => {
      const range = { from: `${month}-01`, to: lastDayOfMonth(month) };
      const columns = await withBooks(
        deps,
        shop,
        await monthColumns(deps, shop, range, { switches: DEFAULT_SWITCHES, costs: null }),
      );
      return { ...statementOf(columns), switches: DEFAULT_SWITCHES, costs: 'service' as const };
    };

    beforeAll(async () => {
      shop = fx.shop;
      deps = { store: fx.store, now: fx.startMs };
      const today = localDayOf(Math.floor(fx.startMs / 1000), shop.timezone);
      open = today.slice(0, 7);
      closed = `${String(Number(open.slice(0, 4)) - (open.endsWith('-01') ? 1 : 0))}-${open.endsWith('-01') ? '12' : String(Number(open.slice(5)) - 1).padStart(2, '0')}`;
      await fx.engine.sync(shop, { from: `${closed}-01`, to: today });
      before = await read();
      const books = await readBooks(deps, shop.id);
      const closing = await closingOf(deps, shop, books, closed, BASIS, null);
      await writeClose(fx.store.db, {
        shopId: shop.id,
        month: closed,
        at: fx.startMs,
        person: 'owner@demo.example',
        basis: JSON.stringify(BASIS),
        statement: JSON.stringify(closing.statement),
        items: closing.items,
        adjustments: closing.adjustments,
      });
      frozenBefore = JSON.stringify((await shown(closed)).lines);
      csvBefore = csvOf(await shown(closed));
      // The settle clock moves on in two steps; after each the dashboard re-reads the days whose orders settled.
      for (const step of [ADVANCE_DAYS / 2, ADVANCE_DAYS / 2]) {
        fx.settle.ms += step * DAY * 1000;
        const checked = await fx.engine.checkUnsettled(shop, 62);
        if (checked === 'busy') throw new Error('busy');
        await fx.engine.idle(shop.id);
      }
      after = await read();
    }, 300_000);

    const inClosed = (o: RawOrder) => localDayOf(o.createTime, shop.timezone).startsWith(closed);

    it('has orders of the closed month that settled after it closed', () => {
      const was = new Map(before.map((o) => [o.id, o.orderType]));
      const settled = after.filter((o) => inClosed(o) && o.orderType === 'SETTLED' && was.get(o.id) !== 'SETTLED');
      expect(settled.length).toBeGreaterThan(10);
    });

    it('shows the closed month exactly as it was closed: the statement and its CSV, byte for byte', async () => {
      const now = await shown(closed);
      expect(JSON.stringify(now.lines)).toBe(frozenBefore);
      expect(csvOf(now)).toBe(csvBefore);
      expect(now.months[0]!.closed?.by).toBe('owner@demo.example');
    });

    it('books in the next month, per order and line, the drift of exactly the orders that changed', async () => {
      const books = await readBooks(deps, shop.id);
      expect(books.firstOpen).toBe(monthAfter(closed));
      const pending = await pendingOf(deps, shop, books, null);
      const got = new Map(pending.map((a) => [`${a.source} ${a.lineKey}`, a.cents]));
      const first = new Map(before.filter(inClosed).map((o) => [o.id, orderLines(o)]));
      const want = new Map<string, number>();
      let orders = 0;
      for (const o of after.filter(inClosed)) {
        const was = first.get(o.id) ?? new Map<string, number>();
        const now = orderLines(o);
        let changed = false;
        for (const key of new Set([...was.keys(), ...now.keys()])) {
          const drift = (now.get(key) ?? 0) - (was.get(key) ?? 0);
          if (drift !== 0) {
            want.set(`order:${o.id} ${key}`, drift);
            changed = true;
          }
        }
        if (changed) orders += 1;
      }
      expect(orders).toBeGreaterThan(10);
      // The dashboard's unsplit rests are its own (each group's total minus its parts): checked by adding up.
      const comparable = new Map([...got].filter(([k]) => !k.endsWith('.unsplit')));
      expect(Object.fromEntries([...comparable].sort())).toEqual(Object.fromEntries([...want].sort()));
      // Refund days and inputs of the closed month did not change: every adjustment is an order's.
      expect(pending.every((a) => a.source.startsWith('order:') && a.forMonth === closed)).toBe(true);
      // The next month shows them: its adjustments line is their sum over the statement's lines.
      const next = await shown(monthAfter(closed));
      const line = next.lines.find((l) => l.key === 'adjustments');
      const lineKeys = ['sales.gross', 'promos.seller', 'cogs', 'shipping', 'fees', 'affiliate', 'samples', 'refunds'];
      const sum = pending.filter((a) => lineKeys.includes(a.lineKey)).reduce((s, a) => s + a.cents, 0);
      expect(sum).not.toBe(0);
      expect(line?.values[0]).toBe(sum);
      const bottom = next.lines.find((l) => l.key === 'bottomLine')!.values[0]!;
      expect(next.lines.find((l) => l.key === 'bottomLine.adjusted')?.values[0]).toBe(bottom + sum);
    });
  },
);
