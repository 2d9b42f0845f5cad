import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { backupCsv, inputsWithout, parseBackupCsv, unmatchedRows } from '@/lib/costs/backup';
import { describeUnmatched } from '@/lib/costs/import-words';
import type { AdSpend, CogsEntry, Expense } from '@/lib/costs/types';
import type { ShopCostInputs } from '@/lib/costs/kinds';
import { addDays } from '@/lib/time';
import type { Fulfilment } from '@/lib/costs/kind-fulfilment';

// The backup must give back exactly what it saved: any inputs the API can hold, export → read.

// Text as sellers and spreadsheets write it: formula starts, quotes, the delimiters, line breaks,
// non-ASCII. Stored text is trimmed and non-empty (the schemas trim), so the generator is too.
const char = fc.constantFrom(
  'a',
  'Z',
  '0',
  ' ',
  "'",
  '"',
  '=',
  '+',
  '-',
  '@',
  ',',
  ';',
  '\t',
  '\n',
  '\r',
  'é',
  '€',
  '中',
  '😀',
);
const text = (maxLength: number) =>
  fc
    .array(char, { minLength: 1, maxLength })
    .map((chars) => chars.join('').trim())
    .filter((s) => s.length > 0 && s.length <= maxLength);
const day = fc.integer({ min: 0, max: 36_889 }).map((n) => addDays('2000-01-01', n));
const cents = fc.integer({ min: 0, max: 100_000_000_000 });
const id = fc.oneof(fc.uuid(), text(40));

const adSpend: fc.Arbitrary<AdSpend> = fc.record({
  id,
  day,
  amountCents: cents,
  skuId: fc.option(text(30), { nil: null }),
  productId: fc.option(text(30), { nil: null }),
  campaign: fc.option(text(200), { nil: null }),
});
const expense: fc.Arbitrary<Expense> = fc
  .record({
    id,
    name: text(120),
    amountCents: cents,
    recurrence: fc.constantFrom('once' as const, 'monthly' as const, 'yearly' as const),
    startDay: day,
    length: fc.option(fc.nat({ max: 2000 }), { nil: null }),
  })
  .map(({ length, ...e }) => ({
    ...e,
    endDay:
      length === null ? null : addDays(e.startDay, length) > '2100-12-31' ? '2100-12-31' : addDays(e.startDay, length),
  }));
const cogs: fc.Arbitrary<CogsEntry> = fc.record({ id, skuId: text(30), fromDay: day, unitCostCents: cents });

const fulfilment: fc.Arbitrary<Fulfilment> = fc.record({
  id,
  fromDay: day,
  amountCents: cents,
  per: fc.constantFrom('order' as const, 'unit' as const),
  skuId: fc.option(text(30), { nil: null }),
});

const inputs: fc.Arbitrary<ShopCostInputs> = fc.record({
  fulfilment: fc
    .uniqueArray(fulfilment, { selector: (f) => f.id, maxLength: 5 })
    .map((list) => [...new Map(list.map((f) => [`${f.skuId} ${f.per} ${f.fromDay}`, f])).values()]),
  adSpend: fc.uniqueArray(adSpend, { selector: (a) => a.id, maxLength: 8 }),
  expenses: fc.uniqueArray(expense, { selector: (e) => e.id, maxLength: 5 }),
  cogs: fc
    .uniqueArray(cogs, { selector: (c) => c.id, maxLength: 5 })
    .map((list) => [...new Map(list.map((c) => [`${c.skuId} ${c.fromDay}`, c])).values()]),
});

const SHOP = { id: 'shp_1', name: 'Lumen, "US"', currency: 'USD', dashboardVersion: '0.1.0' };
/** The generated days run to 2100: read against a today that holds them all in the input window. */
const LATE_TODAY = '2100-12-31';

describe('costs backup', () => {
  test.prop([inputs], { numRuns: 300 })(
    'export then read gives back the same inputs and shop, ids included',
    (original) => {
      const read = parseBackupCsv(backupCsv(original, SHOP), LATE_TODAY);
      expect(read.errors).toEqual([]);
      expect(read.inputs).toEqual(original);
      expect(read.shop).toEqual({ ...SHOP, line: 2 });
    },
  );

  it('writes one row per input with a type column, amounts in major units, formulas neutralised', () => {
    const csv = backupCsv(
      {
        adSpend: [
          { id: 'a1', day: '2026-10-01', amountCents: 1250, skuId: 'sku-1', productId: null, campaign: '=cmd|calc' },
        ],
        expenses: [
          {
            id: 'e1',
            name: "'quoted",
            amountCents: 30000,
            recurrence: 'monthly',
            startDay: '2026-01-01',
            endDay: null,
          },
        ],
        cogs: [{ id: 'c1', skuId: 'sku-1', fromDay: '2026-01-01', unitCostCents: 420 }],
        fulfilment: [{ id: 'f1', fromDay: '2026-11-01', amountCents: 250, per: 'order', skuId: null }],
      },
      SHOP,
    );
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFtype,id,day,end_day,amount,sku_id,product_id,campaign,name,recurrence,basis,shop_id,shop_name,currency,dashboard_version',
      'shop,,,,,,,,,,,shp_1,"Lumen, ""US""",USD,0.1.0',
      "ad_spend,a1,2026-10-01,,12.50,sku-1,,'=cmd|calc,,,,,,,",
      "expense,e1,2026-01-01,,300.00,,,,''quoted,monthly,,,,,",
      'cogs,c1,2026-01-01,,4.20,sku-1,,,,,,,,,',
      'fulfilment,f1,2026-11-01,,2.50,,,,,,order,,,,',
      '',
    ]);
  });

  it('names the line and column of every bad row, and keeps nothing of a bad row', () => {
    const csv = [
      'type,id,day,end_day,amount,sku_id,product_id,campaign,name,recurrence',
      'ad_spend,a1,2026-10-01,,12.50,,,,,',
      'ad_spend,a1,2026-10-02,,1,,,,,',
      'refund,r1,2026-10-01,,1,,,,,',
      'expense,e1,2026-01-01,2025-01-01,10,,,,Rent,weekly',
      'expense,,2026-01-01,,10,,,,,once',
      'cogs,c1,2026-01-01,,1,,,,,',
      'cogs,c2,2026-01-01,,1,sku-1,,,,',
      'cogs,c3,2026-01-01,,1,sku-1,,,,',
      'cogs,c4,2026-02-30,,x,sku-1,,,,',
    ].join('\n');
    const read = parseBackupCsv(csv, '2026-11-01');
    expect(read.shop).toBeNull();
    expect(read.errors).toEqual([
      { row: 3, column: 'id', message: '"a1" is already used by line 2' },
      { row: 4, column: 'type', message: '"refund" must be ad_spend, expense, cogs or fulfilment' },
      { row: 5, column: 'recurrence', message: '"weekly" must be once, monthly or yearly' },
      { row: 5, column: 'end_day', message: 'must not be earlier than the start day' },
      { row: 6, column: 'name', message: 'is required for an expense' },
      { row: 7, column: 'sku_id', message: 'is required for a COGS entry' },
      { row: 9, column: 'day', message: 'SKU sku-1 already has a unit cost from 2026-01-01 on line 8' },
      { row: 10, column: 'day', message: '"2026-02-30" is not a calendar date' },
      { row: 10, column: 'amount', message: '"x" must be a number like 12.50' },
    ]);
    expect(read.inputs.adSpend.map((a) => a.id)).toEqual(['a1']);
    expect(read.inputs.cogs.map((c) => c.id)).toEqual(['c2']);
  });

  it('a file that is not a backup is one clear error', () => {
    expect(parseBackupCsv('date,spend\n2026-10-01,1\n', '2026-11-01').errors).toEqual([
      {
        row: 1,
        column: null,
        message:
          'This is not a costs backup: its header needs the columns type, id, day, end_day, amount, sku_id, product_id, campaign, name, recurrence, basis, shop_id, shop_name, currency, dashboard_version (missing: type, day, amount).',
      },
    ]);
  });

  it('holds every day to the input window: a year ahead is refused, a month ahead is a warning', () => {
    const csv = [
      'type,id,day,end_day,amount,sku_id,product_id,campaign,name,recurrence',
      'ad_spend,a1,2027-12-29,,1,,,,,',
      'ad_spend,a2,2026-12-20,,1,,,,,',
      'expense,e1,2026-11-01,2031-11-03,10,,,,Rent,monthly',
      'expense,e2,2026-11-01,2031-11-01,10,,,,Rent,monthly',
      'cogs,c1,2028-01-01,,1,sku-1,,,,',
    ].join('\n');
    const read = parseBackupCsv(csv, '2026-11-01');
    expect(read.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'day'],
      [4, 'end_day'],
      [6, 'day'],
    ]);
    expect(read.errors[0]!.message).toMatch(/^2027-12-29 is more than a year after today \(2026-11-01/);
    expect(read.warnings).toEqual([
      { row: 3, column: 'day', message: '2026-12-20 is 49 days after today (2026-11-01): check the date' },
    ]);
    expect(read.inputs.adSpend.map((a) => a.id)).toEqual(['a2']);
    expect(read.inputs.expenses.map((e) => e.id)).toEqual(['e2']);
  });

  it('lists the rows that name SKUs or products the shop does not have, and can leave them out', () => {
    const csv = [
      'type,id,day,end_day,amount,sku_id,product_id,campaign,name,recurrence',
      'ad_spend,a1,2026-10-01,,1,sku-1,prod-1,,,',
      'ad_spend,a2,2026-10-01,,1,sku-9,,,,',
      'ad_spend,a3,2026-10-01,,1,,prod-9,,,',
      'ad_spend,a4,2026-10-01,,1,,,,,',
      'expense,e1,2026-10-01,,10,,,,Rent,once',
      'cogs,c1,2026-10-01,,1,sku-1,,,,',
      'cogs,c2,2026-10-01,,1,sku-8,,,,',
    ].join('\n');
    const read = parseBackupCsv(csv, '2026-11-01');
    const skus = [
      {
        skuId: 'sku-1',
        productId: 'prod-1',
        productName: '',
        skuName: '',
        sellerSku: '',
        priceCents: null,
        serviceUnitCogsCents: null,
      },
    ];
    const unmatched = unmatchedRows(read, skus);
    expect(unmatched).toEqual([
      { row: 3, names: 'SKU sku-9' },
      { row: 4, names: 'product prod-9' },
      { row: 8, names: 'SKU sku-8' },
    ]);
    expect(describeUnmatched(unmatched)).toBe('line 3 (SKU sku-9), line 4 (product prod-9), line 8 (SKU sku-8)');
    const kept = inputsWithout(read, new Set(unmatched.map((u) => u.row)));
    expect([kept.adSpend.map((a) => a.id), kept.expenses.map((e) => e.id), kept.cogs.map((c) => c.id)]).toEqual([
      ['a1', 'a4'],
      ['e1'],
      ['c1'],
    ]);
  });
});
