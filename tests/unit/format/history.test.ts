import { describe, expect, it } from 'vitest';
import { count, type HistoryDetail } from '@/lib/costs/history';
import { historyTemplate, plainHistory } from '@/lib/costs/history-sentence';
import { KINDS } from '@/lib/costs/kinds';
import { formatHistory } from '@/lib/format/history';
import { readLegacyLine } from '@/lib/store/history-legacy';

// Every kind's entry, of every action, in words: the sentence the seller read when the history was
// written as text (the store's own words, amounts and days as the interface writes them), and the
// same sentence with money and days as every other figure. Each row is also read back from that old
// text as v21 reads it (lib/store/history-legacy), into the same sentence.

const sku = { sku: 'sku-1', sellerSku: 'SHIRT-M' };
const v = {
  amount: { money: 123450 },
  beforeAmount: { money: 1250 },
  day: { day: '2026-10-01' },
  beforeDay: { day: '2026-09-30' },
};

/** [entry, the sentence as written before, the sentence shown in USD]. */
const TABLE: [HistoryDetail, string, string][] = [
  [
    { kind: 'adSpend', action: 'create', values: { ...v, on: { text: 'sku' }, sku, campaign: { text: 'Autumn' } } },
    'Added ad spend 1234.50 on 2026-10-01 for SKU SHIRT-M (campaign "Autumn")',
    'Added ad spend $1,234.50 on Oct 1, 2026 for SKU SHIRT-M (campaign "Autumn")',
  ],
  [
    { kind: 'adSpend', action: 'update', values: { ...v, on: { text: 'shop' } } },
    'Changed ad spend 12.50 on 2026-09-30 to 1234.50 on 2026-10-01 for the whole shop',
    'Changed ad spend $12.50 on Sep 30, 2026 to $1,234.50 on Oct 1, 2026 for the whole shop',
  ],
  [
    { kind: 'adSpend', action: 'delete', values: { ...v, on: { text: 'product' }, product: { text: 'Shirt' } } },
    'Deleted ad spend 1234.50 on 2026-10-01 for product Shirt',
    'Deleted ad spend $1,234.50 on Oct 1, 2026 for product Shirt',
  ],
  [
    {
      kind: 'adSpend',
      action: 'import',
      values: { count: count(31), from: { day: '2026-10-01' }, to: { day: '2026-10-31' }, replaced: count(1) },
    },
    'Imported 31 ad spend rows (2026-10-01 … 2026-10-31), replacing 1 row',
    'Imported 31 ad spend rows (Oct 1, 2026 … Oct 31, 2026), replacing 1 row',
  ],
  [
    { kind: 'adSpend', action: 'import', values: { count: count(1), from: { day: '2026-10-01' }, replaced: count(0) } },
    'Imported 1 ad spend row (2026-10-01)',
    'Imported 1 ad spend row (Oct 1, 2026)',
  ],
  [
    {
      kind: 'expenses',
      action: 'create',
      values: {
        name: { text: 'Rent' },
        amount: { money: 50000 },
        recurrence: { text: 'monthly' },
        startDay: { day: '2026-11-01' },
        endDay: { day: '2026-12-31' },
      },
    },
    'Added expense "Rent" 500.00 monthly from 2026-11-01 to 2026-12-31',
    'Added expense "Rent" $500.00 monthly from Nov 1, 2026 to Dec 31, 2026',
  ],
  [
    {
      kind: 'expenses',
      action: 'update',
      values: {
        beforeName: { text: 'Rent' },
        name: { text: 'Office' },
        amount: { money: 2000 },
        recurrence: { text: 'once' },
        startDay: { day: '2026-11-01' },
      },
    },
    'Changed expense "Rent" to "Office" 20.00 once on 2026-11-01',
    'Changed expense "Rent" to "Office" $20.00 once on Nov 1, 2026',
  ],
  [
    {
      kind: 'expenses',
      action: 'delete',
      values: {
        name: { text: 'Tools' },
        amount: { money: 99900 },
        recurrence: { text: 'yearly' },
        startDay: { day: '2026-01-01' },
      },
    },
    'Deleted expense "Tools" 999.00 yearly from 2026-01-01',
    'Deleted expense "Tools" $999.00 yearly from Jan 1, 2026',
  ],
  [
    { kind: 'cogs', action: 'create', values: { ...v, sku } },
    'Set the unit cost of SKU SHIRT-M to 1234.50 from 2026-10-01',
    'Set the unit cost of SKU SHIRT-M to $1,234.50 from Oct 1, 2026',
  ],
  [
    { kind: 'cogs', action: 'update', values: { ...v, sku } },
    'Changed the unit cost of SKU SHIRT-M (12.50 from 2026-09-30) to 1234.50 from 2026-10-01',
    'Changed the unit cost of SKU SHIRT-M ($12.50 from Sep 30, 2026) to $1,234.50 from Oct 1, 2026',
  ],
  [
    { kind: 'cogs', action: 'delete', values: { ...v, sku: { sku: 'sku-9', sellerSku: null } } },
    'Removed the unit cost 1234.50 of SKU sku-9 from 2026-10-01',
    'Removed the unit cost $1,234.50 of SKU sku-9 from Oct 1, 2026',
  ],
  [
    { kind: 'cogs', action: 'import', values: { count: count(2), from: { day: '2026-10-01' }, replaced: count(2) } },
    'Imported 2 unit costs (2026-10-01), replacing 2 entries',
    'Imported 2 unit costs (Oct 1, 2026), replacing 2 entries',
  ],
  [
    { kind: 'fulfilment', action: 'create', values: { ...v, per: { text: 'order' } } },
    'Added fulfilment and packaging 1234.50 per order for every SKU from 2026-10-01',
    'Added fulfilment and packaging $1,234.50 per order for every SKU from Oct 1, 2026',
  ],
  [
    {
      kind: 'fulfilment',
      action: 'update',
      values: { ...v, beforePer: { text: 'order' }, per: { text: 'unit' }, sku },
    },
    'Changed fulfilment and packaging 12.50 per order from 2026-09-30 to 1234.50 per unit for SKU SHIRT-M from 2026-10-01',
    'Changed fulfilment and packaging $12.50 per order from Sep 30, 2026 to $1,234.50 per unit for SKU SHIRT-M from Oct 1, 2026',
  ],
  [
    { kind: 'fulfilment', action: 'delete', values: { ...v, per: { text: 'unit' }, sku } },
    'Deleted fulfilment and packaging 1234.50 per unit for SKU SHIRT-M from 2026-10-01',
    'Deleted fulfilment and packaging $1,234.50 per unit for SKU SHIRT-M from Oct 1, 2026',
  ],
  [
    {
      kind: 'backup',
      action: 'restore',
      values: { adSpend: count(3), expenses: count(1), cogs: count(0), fulfilment: count(2) },
    },
    'Restored a backup: 3 ad spend rows, 1 expense, 0 COGS entries, 2 fulfilment costs',
    'Restored a backup: 3 ad spend rows, 1 expense, 0 COGS entries, 2 fulfilment costs',
  ],
  [
    {
      kind: 'cogs',
      action: 'undo',
      values: {},
      undid: { kind: 'cogs', action: 'import', values: { count: count(1), from: { day: '2026-10-01' } } },
    },
    'Undid: Imported 1 unit cost (2026-10-01)',
    'Undid: Imported 1 unit cost (Oct 1, 2026)',
  ],
];

const RATES: [HistoryDetail, string][] = [
  [
    {
      kind: 'rate',
      action: 'create',
      values: {
        currency: { text: 'GBP' },
        rate: { text: '1.27' },
        target: { text: 'USD' },
        day: { day: '2025-01-01' },
      },
    },
    'Added the rate 1 GBP = 1.27 USD from 2025-01-01',
  ],
  [
    {
      kind: 'rate',
      action: 'update',
      values: {
        beforeCurrency: { text: 'GBP' },
        beforeRate: { text: '1.27' },
        beforeTarget: { text: 'USD' },
        beforeDay: { day: '2025-01-01' },
        currency: { text: 'GBP' },
        rate: { text: '1.3' },
        target: { text: 'USD' },
        day: { day: '2025-02-01' },
      },
    },
    'Changed the rate 1 GBP = 1.27 USD from 2025-01-01 to 1 GBP = 1.3 USD from 2025-02-01',
  ],
  [
    {
      kind: 'rate',
      action: 'delete',
      values: {
        currency: { text: 'EUR' },
        rate: { text: '1.08' },
        target: { text: 'USD' },
        day: { day: '2025-03-01' },
      },
    },
    'Deleted the rate 1 EUR = 1.08 USD from 2025-03-01',
  ],
];

describe('the history in words', () => {
  it.each(TABLE)('%# %j reads as the seller read it, and as every other figure', (entry, before, shown) => {
    expect(plainHistory(entry)).toBe(before);
    expect(formatHistory(entry, 'USD')).toBe(shown);
  });

  it.each(TABLE)('%# is read back from its old text into the same sentence (v21)', (entry, before) => {
    const read = readLegacyLine(before, entry.action, 'sku-1');
    expect(read.text).toBeUndefined();
    expect(read.kind).toBe(entry.kind);
    expect(read.action).toBe(entry.action);
    expect(plainHistory(read)).toBe(before);
  });

  it('writes the exchange rates with days as every other figure and amounts as the seller typed them', () => {
    for (const [entry, before] of RATES) {
      expect(plainHistory(entry)).toBe(before);
      expect(plainHistory(readLegacyLine(before, entry.action))).toBe(before);
    }
    expect(formatHistory(RATES[0]![0], null)).toBe('Added the rate 1 GBP = 1.27 USD from Jan 1, 2025');
  });

  it('has one template for each kind and action of the registry, the rates, the restore and the undo', () => {
    for (const kind of KINDS)
      for (const action of ['create', 'update', 'delete'] as const)
        expect(historyTemplate({ kind: kind.id, action })).toMatch(/\{/);
    for (const action of ['create', 'update', 'delete'] as const)
      expect(historyTemplate({ kind: 'rate', action })).toMatch(/\{/);
    expect(historyTemplate({ kind: 'backup', action: 'restore' })).toMatch(/^Restored a backup: /);
  });

  it('keeps a line it cannot read as it was', () => {
    const read = readLegacyLine('Moved everything about', 'update');
    expect(read).toEqual({ kind: 'text', action: 'update', values: {}, text: 'Moved everything about' });
    expect(formatHistory(read, 'USD')).toBe('Moved everything about');
  });
});
