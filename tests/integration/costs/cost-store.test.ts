import { mkdtempSync, rmSync } from 'node:fs';
import { plainHistory } from '@/lib/costs/history-sentence';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { AD_SPEND_KIND } from '@/lib/costs/kind-ad-spend';
import { COGS_KIND } from '@/lib/costs/kind-cogs';
import { EXPENSES_KIND } from '@/lib/costs/kind-expenses';
import type { StoredKind } from '@/lib/costs/kind';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CostInputError } from '@/lib/costs/errors';
import type { AdSpend, CogsEntry, Expense } from '@/lib/costs/types';
import type { ShopCostInputs } from '@/lib/costs/kinds';
import * as costs from '@/lib/store/cost-inputs';
import * as bulk from '@/lib/store/cost-bulk';
import * as rates from '@/lib/store/fx-rates';
import type { OrderStore } from '@/lib/store/order-store';
import { freshStore, type StoreFixture } from '@/tests/support/sync/harness';

// The cost inputs' persistence on SQLite and (with TEST_DATABASE_URL) PostgreSQL: every write is
// audited, and undo walks back exactly, one change at a time, to the empty state.

const RUNS = Number(process.env.PROPS_RUNS ?? 12);
let dir = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cost-store-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const EMPTY: ShopCostInputs = { adSpend: [], expenses: [], cogs: [], fulfilment: [] };
let shopSeq = 0;
const freshShop = () => `costs-shop-${process.pid}-${(shopSeq += 1)}`;

// Generated changes. Days and SKUs come from small sets so COGS clashes and import overlaps happen.
const day = fc.constantFrom('2026-01-01', '2026-01-02', '2026-01-31', '2026-02-28', '2026-03-01');
const sku = fc.constantFrom('sku-a', 'sku-b', 'sku-c');
const cents = fc.integer({ min: 0, max: 100_000_000 });
const adFields = fc.record({
  day,
  amountCents: cents,
  skuId: fc.option(sku, { nil: null }),
  productId: fc.option(fc.constant('prod-1'), { nil: null }),
  campaign: fc.option(fc.string({ maxLength: 20 }), { nil: null }),
});
const expenseFields = fc.record({
  name: fc.string({ minLength: 1, maxLength: 20 }),
  amountCents: cents,
  recurrence: fc.constantFrom('once' as const, 'monthly' as const, 'yearly' as const),
  startDay: day,
  endDay: fc.option(fc.constant('2026-12-31'), { nil: null }),
});
const cogsFields = fc.record({ skuId: sku, fromDay: day, unitCostCents: cents });

type Op =
  | { op: 'addAd'; fields: Omit<AdSpend, 'id'> }
  | { op: 'addExpense'; fields: Omit<Expense, 'id'> }
  | { op: 'addCogs'; fields: Omit<CogsEntry, 'id'> }
  | { op: 'updateAd'; pick: number; fields: Omit<AdSpend, 'id'> }
  | { op: 'updateExpense'; pick: number; fields: Omit<Expense, 'id'> }
  | { op: 'updateCogs'; pick: number; fields: Omit<CogsEntry, 'id'> }
  | { op: 'deleteAd' | 'deleteExpense' | 'deleteCogs'; pick: number }
  | { op: 'import'; rows: Omit<AdSpend, 'id'>[] }
  | { op: 'importCogs'; rows: Omit<CogsEntry, 'id'>[] }
  | { op: 'restore'; keep: number; fields: Omit<AdSpend, 'id'>[] };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('addAd' as const), fields: adFields }),
  fc.record({ op: fc.constant('addExpense' as const), fields: expenseFields }),
  fc.record({ op: fc.constant('addCogs' as const), fields: cogsFields }),
  fc.record({ op: fc.constant('updateAd' as const), pick: fc.nat(), fields: adFields }),
  fc.record({ op: fc.constant('updateExpense' as const), pick: fc.nat(), fields: expenseFields }),
  fc.record({ op: fc.constant('updateCogs' as const), pick: fc.nat(), fields: cogsFields }),
  fc.record({
    op: fc.constantFrom('deleteAd' as const, 'deleteExpense' as const, 'deleteCogs' as const),
    pick: fc.nat(),
  }),
  fc.record({ op: fc.constant('import' as const), rows: fc.array(adFields, { minLength: 1, maxLength: 6 }) }),
  // A unit cost file: one row per SKU and day (the import refuses repeats before it writes).
  fc.record({
    op: fc.constant('importCogs' as const),
    rows: fc.uniqueArray(cogsFields, { minLength: 1, maxLength: 6, selector: (c) => `${c.skuId} ${c.fromDay}` }),
  }),
  fc.record({ op: fc.constant('restore' as const), keep: fc.nat(), fields: fc.array(adFields, { maxLength: 4 }) }),
);

/** Runs one change; false when it was refused (a COGS clash) or had nothing to act on. */
async function run(store: OrderStore, shopId: string, step: Op): Promise<boolean> {
  const db = store.db;
  const now = await costs.readCostInputs(db, shopId);
  const pick = <T>(list: T[], n: number) => (list.length === 0 ? undefined : list[n % list.length]);
  try {
    switch (step.op) {
      case 'addAd':
        await costs.createEntry(db, AD_SPEND_KIND, shopId, step.fields);
        return true;
      case 'addExpense':
        await costs.createEntry(db, EXPENSES_KIND, shopId, step.fields);
        return true;
      case 'addCogs':
        await costs.createEntry(db, COGS_KIND, shopId, step.fields);
        return true;
      case 'updateAd': {
        const target = pick(now.adSpend, step.pick);
        if (!target) return false;
        await costs.updateEntry(db, AD_SPEND_KIND, shopId, target.id, step.fields);
        return true;
      }
      case 'updateExpense': {
        const target = pick(now.expenses, step.pick);
        if (!target) return false;
        await costs.updateEntry(db, EXPENSES_KIND, shopId, target.id, step.fields);
        return true;
      }
      case 'updateCogs': {
        const target = pick(now.cogs, step.pick);
        if (!target) return false;
        await costs.updateEntry(db, COGS_KIND, shopId, target.id, step.fields);
        return true;
      }
      case 'deleteAd':
      case 'deleteExpense':
      case 'deleteCogs': {
        const list = step.op === 'deleteAd' ? now.adSpend : step.op === 'deleteExpense' ? now.expenses : now.cogs;
        const target = pick<{ id: string }>(list, step.pick);
        if (!target) return false;
        const kind = step.op === 'deleteAd' ? AD_SPEND_KIND : step.op === 'deleteExpense' ? EXPENSES_KIND : COGS_KIND;
        await costs.deleteEntry(db, kind as unknown as StoredKind, shopId, target.id);
        return true;
      }
      case 'import':
        await bulk.importAdSpend(db, shopId, step.rows);
        return true;
      case 'importCogs':
        await bulk.importCogs(db, shopId, step.rows);
        return true;
      case 'restore': {
        // A backup that keeps some rows (same ids, some edited) and brings new ones.
        const kept = now.adSpend
          .slice(0, step.keep % (now.adSpend.length + 1))
          .map((a, i) => (i % 2 ? { ...a, amountCents: a.amountCents + 1 } : a));
        const brought = step.fields.map((f) => ({ ...f, id: crypto.randomUUID() }));
        await bulk.restoreInputs(db, shopId, {
          fulfilment: now.fulfilment,
          adSpend: [...kept, ...brought],
          expenses: now.expenses.slice(1),
          cogs: now.cogs,
        });
        return true;
      }
    }
  } catch (error) {
    if (error instanceof CostInputError && error.code === 'CONFLICT') return false;
    throw error;
  }
}

function suite(dialect: 'sqlite' | 'postgres') {
  let store: OrderStore;
  let fixture: StoreFixture | undefined;
  beforeAll(async () => {
    fixture = await freshStore(dir, dialect === 'postgres');
    store = fixture.store;
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('records one audit entry per write with the full rows, newest first', async () => {
    const shop = freshShop();
    const { item } = await costs.createEntry(store.db, EXPENSES_KIND, shop, {
      name: 'Warehouse',
      amountCents: 30000,
      recurrence: 'monthly',
      startDay: '2026-01-01',
      endDay: null,
    });
    await costs.updateEntry(store.db, EXPENSES_KIND, shop, item.id, { ...item, amountCents: 32000 });
    const audit = await costs.listAudit(store.db, shop);
    expect(audit.map((a) => [a.action, plainHistory(a.detail)])).toEqual([
      ['update', 'Changed expense "Warehouse" to "Warehouse" 320.00 monthly from 2026-01-01'],
      ['create', 'Added expense "Warehouse" 300.00 monthly from 2026-01-01'],
    ]);
    expect(audit[0]!.at).toBeGreaterThan(audit[1]!.at);
    const stored = await store.db
      .selectFrom('st_your_costs_audit')
      .select('changes')
      .where('scope', '=', shop)
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.changes)).toEqual([
      {
        table: 'st_your_expense',
        id: item.id,
        before: {
          shop_id: shop,
          id: item.id,
          name: 'Warehouse',
          amount_cents: 30000,
          recurrence: 'monthly',
          start_day: '2026-01-01',
          end_day: null,
        },
        after: {
          shop_id: shop,
          id: item.id,
          name: 'Warehouse',
          amount_cents: 32000,
          recurrence: 'monthly',
          start_day: '2026-01-01',
          end_day: null,
        },
      },
    ]);
  });

  it('a random sequence of changes undoes step by step to each earlier state, then to empty', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ step: opArb, undoAtOnce: fc.boolean() }), { minLength: 1, maxLength: 10 }),
        async (steps) => {
          const shop = freshShop();
          const history: ShopCostInputs[] = [];
          for (const { step, undoAtOnce } of steps) {
            const before = await costs.readCostInputs(store.db, shop);
            if (!(await run(store, shop, step))) continue;
            if (undoAtOnce) {
              await costs.undoLast(store.db, shop);
              expect(await costs.readCostInputs(store.db, shop)).toEqual(before);
            } else history.push(before);
          }
          while (history.length > 0) {
            await costs.undoLast(store.db, shop);
            expect(await costs.readCostInputs(store.db, shop)).toEqual(history.pop());
          }
          expect(await costs.readCostInputs(store.db, shop)).toEqual(EMPTY);
          await expect(costs.undoLast(store.db, shop)).rejects.toMatchObject({ code: 'NOTHING_TO_UNDO' });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('an import replaces the ad spend of the days in the file, and nothing else', async () => {
    const shop = freshShop();
    const base = { skuId: null, productId: null, campaign: null };
    await costs.createEntry(store.db, AD_SPEND_KIND, shop, { ...base, day: '2026-10-01', amountCents: 100 });
    await costs.createEntry(store.db, AD_SPEND_KIND, shop, { ...base, day: '2026-10-02', amountCents: 200 });
    await costs.createEntry(store.db, AD_SPEND_KIND, shop, { ...base, day: '2026-10-05', amountCents: 500 });
    expect(await bulk.countAdSpendOnDays(store.db, shop, ['2026-10-01', '2026-10-02', '2026-10-02'])).toBe(2);
    const { replaced } = await bulk.importAdSpend(store.db, shop, [
      { ...base, day: '2026-10-01', amountCents: 111 },
      { ...base, day: '2026-10-02', amountCents: 222, campaign: 'x' },
      { ...base, day: '2026-10-02', amountCents: 2 },
    ]);
    expect(replaced).toBe(2);
    const after = await costs.readCostInputs(store.db, shop);
    expect(after.adSpend.map((a) => [a.day, a.amountCents]).sort()).toEqual([
      ['2026-10-01', 111],
      ['2026-10-02', 2],
      ['2026-10-02', 222],
      ['2026-10-05', 500],
    ]);
    expect((await costs.readCostInputs(store.db, shop, { from: '2026-10-02', to: '2026-10-05' })).adSpend).toHaveLength(
      3,
    );
  });

  it('refuses to undo a change whose rows moved on since, and changes nothing', async () => {
    const shop = freshShop();
    const { item } = await costs.createEntry(store.db, AD_SPEND_KIND, shop, {
      day: '2026-10-01',
      amountCents: 100,
      skuId: null,
      productId: null,
      campaign: null,
    });
    // A row changed outside the trail (another process, a manual fix) after it was created.
    await store.db
      .updateTable('st_your_ad_spend')
      .set({ amount_cents: 999 })
      .where('shop_id', '=', shop)
      .where('id', '=', item.id)
      .execute();
    await expect(costs.undoLast(store.db, shop)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining("can't be undone"),
    });
    expect((await costs.readCostInputs(store.db, shop)).adSpend).toEqual([{ ...item, amountCents: 999 }]);
    expect((await costs.undoableEntry(store.db, shop))?.id).toBeDefined();
  });

  it('two undos at once never revert the same change twice', async () => {
    const shop = freshShop();
    const fields = { day: '2026-10-01', amountCents: 100, skuId: null, productId: null, campaign: null };
    const states = [await costs.readCostInputs(store.db, shop)];
    await costs.createEntry(store.db, AD_SPEND_KIND, shop, fields);
    states.push(await costs.readCostInputs(store.db, shop));
    await costs.createEntry(store.db, AD_SPEND_KIND, shop, { ...fields, amountCents: 200 });
    const results = await Promise.allSettled([costs.undoLast(store.db, shop), costs.undoLast(store.db, shop)]);
    const done = results.filter((r) => r.status === 'fulfilled').length;
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'CONFLICT' });
    expect(done).toBeGreaterThanOrEqual(1);
    expect(await costs.readCostInputs(store.db, shop)).toEqual(states[2 - done]);
    expect((await costs.listAudit(store.db, shop)).filter((a) => a.action === 'undo')).toHaveLength(done);
  });

  it('a COGS entry clashing with another of the SKU and day is refused, naming it', async () => {
    const shop = freshShop();
    const { item } = await costs.createEntry(store.db, COGS_KIND, shop, {
      skuId: 'sku-a',
      fromDay: '2026-01-01',
      unitCostCents: 420,
    });
    await expect(
      costs.createEntry(store.db, COGS_KIND, shop, { skuId: 'sku-a', fromDay: '2026-01-01', unitCostCents: 1 }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(item.id),
    });
    const other = await costs.createEntry(store.db, COGS_KIND, shop, {
      skuId: 'sku-a',
      fromDay: '2026-02-01',
      unitCostCents: 1,
    });
    await expect(
      costs.updateEntry(store.db, COGS_KIND, shop, other.item.id, {
        skuId: 'sku-a',
        fromDay: '2026-01-01',
        unitCostCents: 1,
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(costs.deleteEntry(store.db, COGS_KIND, shop, 'missing')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('exchange rates: CRUD in their own trail, undone exactly', async () => {
    const start = await rates.readFxRates(store.db);
    const { item } = await rates.createFxRate(store.db, {
      currency: 'USD',
      target: `Q${dialect === 'sqlite' ? 'S' : 'P'}X`,
      fromDay: '2026-01-01',
      rate: '0.79',
    });
    await rates.updateFxRate(store.db, item.id, { ...item, rate: '0.8' });
    await rates.deleteFxRate(store.db, item.id);
    expect(await rates.readFxRates(store.db)).toEqual(start);
    await costs.undoLast(store.db, costs.FX_SCOPE);
    expect(await rates.readFxRates(store.db)).toContainEqual({ ...item, rate: '0.8' });
    await costs.undoLast(store.db, costs.FX_SCOPE);
    expect(await rates.readFxRates(store.db)).toContainEqual(item);
    await costs.undoLast(store.db, costs.FX_SCOPE);
    expect(await rates.readFxRates(store.db)).toEqual(start);
  });
}

describe('cost inputs on SQLite', () => suite('sqlite'));
describe.skipIf(!process.env.TEST_DATABASE_URL)('cost inputs on PostgreSQL (TEST_DATABASE_URL)', () =>
  suite('postgres'),
);
