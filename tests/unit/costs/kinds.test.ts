import { describe, expect, it } from 'vitest';
import { plainHistory } from '@/lib/costs/history-sentence';
import type { HistoryValues } from '@/lib/costs/history';
import { BACKUP_COLUMNS, backupCsv, parseBackupCsv } from '@/lib/costs/backup';
import { isProfitFigure } from '@/lib/team/figures';
import {
  CHARGED_KINDS,
  countInputs,
  emptyInputs,
  itemsOf,
  kindByPath,
  KINDS,
  type ShopCostInputs,
} from '@/lib/costs/kinds';

// The registry of cost kinds: every kind declares what the store, the backup and the routes need,
// and those declarations agree with each other (a row has exactly the declared columns, an item
// survives its row and the backup file, paths and backup types name one kind each).

const TODAY = '2026-11-27';
const SHOP = { id: 'shop-1', name: 'Shop', currency: 'USD', dashboardVersion: 'test' };

/** One entry of each kind, as the API would store it (a new kind must add one: the type asks for it). */
const EXAMPLES: ShopCostInputs = {
  adSpend: [{ id: 'a1', day: '2026-10-01', amountCents: 1250, skuId: 'sku-1', productId: null, campaign: 'Autumn' }],
  expenses: [
    {
      id: 'e1',
      name: 'Software',
      amountCents: 31000,
      recurrence: 'monthly',
      startDay: '2026-01-01',
      endDay: '2026-12-31',
    },
  ],
  cogs: [{ id: 'c1', skuId: 'sku-1', fromDay: '2026-03-01', unitCostCents: 420 }],
  fulfilment: [
    { id: 'f1', fromDay: '2026-11-01', amountCents: 250, per: 'order', skuId: null },
    { id: 'f2', fromDay: '2026-11-01', amountCents: 35, per: 'unit', skuId: 'sku-1' },
  ],
};

describe('the cost kind registry', () => {
  it('names each kind once: id, API path, backup type', () => {
    for (const key of ['id', 'path'] as const) expect(new Set(KINDS.map((k) => k[key])).size).toBe(KINDS.length);
    expect(new Set(KINDS.map((k) => k.backup.type)).size).toBe(KINDS.length);
    for (const k of KINDS) {
      expect(k.path).toMatch(/^[a-z][a-z-]*$/);
      expect(kindByPath(k.path)).toBe(k);
      expect(k.backup.type).not.toBe('shop');
    }
    expect(kindByPath('import')).toBeUndefined();
    expect(kindByPath('undo')).toBeUndefined();
  });

  it('hides every kind from people without costs and profit: its P&L words and its JSON key', () => {
    for (const k of KINDS) expect(k.figure).toBe('costs-and-profit');
    expect(CHARGED_KINDS.map((k) => k.label)).toContain('Fulfilment and packaging (yours)');
    for (const { label } of CHARGED_KINDS) {
      expect(isProfitFigure(label)).toBe(true);
      expect(isProfitFigure(`${label} (USD)`)).toBe(true);
    }
    expect(isProfitFigure('chargedCosts')).toBe(true);
    expect(isProfitFigure('Order lines')).toBe(false);
  });

  it("stores an item as a row of exactly the kind's columns and reads it back the same", () => {
    for (const k of KINDS) {
      const items = itemsOf(EXAMPLES, k.id);
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        const row = k.store.toRow('shop-1', item);
        expect(Object.keys(row).sort()).toEqual([...k.store.columns].sort());
        expect(k.store.fromRow(row)).toEqual(item);
      }
    }
  });

  it('backs up every kind and restores it as it was', () => {
    const read = parseBackupCsv(backupCsv(EXAMPLES, SHOP), TODAY);
    expect(read.errors).toEqual([]);
    expect(read.inputs).toEqual(EXAMPLES);
    for (const k of KINDS)
      for (const column of Object.keys(k.backup.write(itemsOf(EXAMPLES, k.id)[0]!)))
        expect(BACKUP_COLUMNS).toContain(column);
  });

  it('counts and empties by kind', () => {
    const empty = emptyInputs();
    expect(Object.keys(empty).sort()).toEqual(KINDS.map((k) => k.id).sort());
    expect(Object.values(countInputs(empty)).every((n) => n === 0)).toBe(true);
    expect(countInputs(EXAMPLES)).toEqual(Object.fromEntries(KINDS.map((k) => [k.id, itemsOf(EXAMPLES, k.id).length])));
  });

  it("writes history sentences in the seller's words", async () => {
    const sku = async (id: string) => ({ sku: id, sellerSku: id === 'sku-1' ? 'SHIRT-M' : null });
    const names = {
      sku,
      target: async (t: { skuId: string | null }): Promise<HistoryValues> =>
        t.skuId ? { on: { text: 'sku' }, sku: await sku(t.skuId) } : { on: { text: 'shop' } },
    };
    const said = await Promise.all(
      KINDS.map(async (k) =>
        plainHistory({
          kind: k.id,
          action: 'create',
          values: await k.history.values(itemsOf(EXAMPLES, k.id)[0]!, names),
        }),
      ),
    );
    expect(said).toEqual([
      'Added ad spend 12.50 on 2026-10-01 for SKU SHIRT-M (campaign "Autumn")',
      'Added expense "Software" 310.00 monthly from 2026-01-01 to 2026-12-31',
      'Set the unit cost of SKU SHIRT-M to 4.20 from 2026-03-01',
      'Added fulfilment and packaging 2.50 per order for every SKU from 2026-11-01',
    ]);
  });
});
