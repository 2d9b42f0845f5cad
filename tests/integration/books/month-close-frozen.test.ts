import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from '@/lib/contract';
import { AD_SPEND_KIND } from '@/lib/costs/kind-ad-spend';
import { COGS_KIND } from '@/lib/costs/kind-cogs';
import { csvHeader, csvLine, csvRow } from '@/lib/csv';
import { DEFAULT_SWITCHES } from '@/lib/profit';
import { closingOf, lastDayOf, liveColumn, pendingOf, readBooks, type BooksBasis } from '@/lib/reports/month-close';
import { monthColumns, statementOf, type PnlByMonth } from '@/lib/reports/pnl-by-month';
import { pnlColumns, pnlRows } from '@/lib/reports/pnl-by-month-csv';
import type { PeriodDeps } from '@/lib/reports/period';
import { withBooks } from '@/lib/server/loaders/books';
import { readCloseEvents, readCloses, writeClose, writeReopen } from '@/lib/store/books';
import { createEntry, readCostInputs } from '@/lib/store/cost-inputs';
import { SyncEngine } from '@/lib/sync/engine';
import { localDayOf } from '@/tests/support/oracle/recount';
import {
  clientFor,
  freshStore,
  startService,
  type ServiceFixture,
  type StoreFixture,
} from '@/tests/support/sync/harness';

// A closed month under the seller's costs stays as it was closed when its inputs and refunds change
// afterwards: a unit cost dated back into it, an ad spend entry on one of its days, a refund day that
// grows late. Its CSV is byte-identical; the first open month carries each change as an adjustment
// of its own source (the orders re-costed, the ad spend's day, the refund day), adding up to the
// difference between the month recounted now and as closed. Reopening it makes them its own again.

const BASIS: BooksBasis = { switches: DEFAULT_SWITCHES, costs: 'mine' };

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'a closed month while its costs and refunds change (postgres: %s)',
  (postgres) => {
    let svc: ServiceFixture;
    let fixture: StoreFixture;
    let shop: Shop;
    let deps: PeriodDeps;
    let closed = '';

    const shown = async (month: string) => {
      const inputs = await readCostInputs(fixture.store.db, shop.id);
      const range = { from: `${month}-01`, to: lastDayOf(month) };
      const columns = await withBooks(
        deps,
        shop,
        await monthColumns(deps, shop, range, { switches: DEFAULT_SWITCHES, costs: inputs }),
      );
      return { ...statementOf(columns), switches: DEFAULT_SWITCHES, costs: 'mine' as const };
    };
    const csvOf = (report: PnlByMonth) => {
      const columns = pnlColumns(report, false);
      return [csvLine(csvHeader(columns)), ...pnlRows(report).map((r) => csvLine(csvRow(columns, r)))].join('');
    };

    beforeAll(async () => {
      svc = await startService({ orders: 1_500 });
      shop = svc.shops[0]!;
      fixture = await freshStore(svc.dir, postgres);
      deps = { store: fixture.store, now: Date.now() };
      const engine = new SyncEngine({ store: fixture.store, client: clientFor(svc.handler).client });
      const today = localDayOf(Math.floor(Date.now() / 1000), shop.timezone);
      const firstOfThis = `${today.slice(0, 7)}-01`;
      closed = localDayOf(Math.floor(Date.parse(`${firstOfThis}T12:00:00Z`) / 1000) - 5 * 86_400, 'UTC').slice(0, 7);
      await engine.sync(shop, { from: `${closed}-01`, to: today });
    }, 120_000);
    afterAll(async () => {
      await fixture?.close();
      await svc?.close();
    });

    it('keeps the closed month byte for byte and books each later change against its source', async () => {
      const db = fixture.store.db;
      const books = await readBooks(deps, shop.id);
      const closing = await closingOf(deps, shop, books, closed, BASIS, await readCostInputs(db, shop.id));
      await writeClose(db, {
        shopId: shop.id,
        month: closed,
        at: Date.now(),
        person: 'owner@demo.example',
        basis: JSON.stringify(BASIS),
        statement: JSON.stringify(closing.statement),
        items: closing.items,
        adjustments: closing.adjustments,
      });
      const before = csvOf(await shown(closed));

      // A unit cost dated back to the month's first day on its best-selling SKU.
      const line = await db
        .selectFrom('st_line')
        .select(['sku_id'])
        .where('shop_id', '=', shop.id)
        .where('local_day', '>=', `${closed}-01`)
        .where('local_day', '<=', lastDayOf(closed))
        .where('gross_sales', '>', 0)
        .executeTakeFirstOrThrow();
      await createEntry(db, COGS_KIND, shop.id, { skuId: line.sku_id, fromDay: `${closed}-01`, unitCostCents: 123 });
      // Ad spend on the whole shop, on the month's 10th.
      const adDay = `${closed}-10`;
      await createEntry(db, AD_SPEND_KIND, shop.id, {
        day: adDay,
        amountCents: 4_321,
        skuId: null,
        productId: null,
        campaign: null,
      });
      // A refund day of the month that grows late.
      const refund = await db
        .selectFrom('st_refund_day')
        .select(['local_day', 'date'])
        .where('shop_id', '=', shop.id)
        .where('local_day', '>=', `${closed}-01`)
        .where('local_day', '<=', lastDayOf(closed))
        .executeTakeFirstOrThrow();
      await db
        .updateTable('st_refund_day')
        .set((eb) => ({ value: eb('value', '-', 1_234) }))
        .where('shop_id', '=', shop.id)
        .where('date', '=', refund.date)
        .execute();

      const after = await shown(closed);
      expect(csvOf(after)).toBe(before);

      const now = await readBooks(deps, shop.id);
      const pending = await pendingOf(deps, shop, now, await readCostInputs(db, shop.id));
      const by = (source: string, key: string) =>
        pending.filter((a) => a.source === source && a.lineKey === key).reduce((s, a) => s + a.cents, 0);
      expect(by(`adSpend:${adDay}`, 'yours.shopAdSpend')).toBe(-4_321);
      expect(by(`refund-day:${refund.local_day}`, 'refunds')).toBe(-1_234);
      expect(by(`refund-day:${refund.local_day}`, 'refunds.unsplit')).toBe(-1_234);
      const cogs = pending.filter((a) => a.lineKey === 'cogs');
      expect(cogs.length).toBeGreaterThan(0);
      expect(cogs.every((a) => a.source.startsWith('order:'))).toBe(true);
      // Every line's adjustments are the month recounted now minus as it was closed.
      const live = await liveColumn(deps, shop, closed, BASIS, await readCostInputs(db, shop.id));
      for (const l of live.lines) {
        if (l.kind === 'total') continue;
        const frozen = closing.statement.lines.find((f) => f.key === l.key)?.cents ?? 0;
        const adjusted = pending.filter((a) => a.lineKey === l.key).reduce((s, a) => s + a.cents, 0);
        expect({ key: l.key, cents: adjusted }).toEqual({ key: l.key, cents: l.cents - frozen });
      }

      // Reopened with a reason: the month is live again, the history keeps both events.
      await writeReopen(db, {
        shopId: shop.id,
        month: closed,
        at: Date.now(),
        person: 'owner@demo.example',
        reason: 'Costs were entered late',
      });
      expect(await readCloses(db, shop.id)).toEqual([]);
      const events = await readCloseEvents(db, shop.id);
      expect(events.map((e) => [e.action, e.reason])).toEqual([
        ['reopen', 'Costs were entered late'],
        ['close', null],
      ]);
      expect(csvOf(await shown(closed))).not.toBe(before);
    }, 180_000);
  },
);
