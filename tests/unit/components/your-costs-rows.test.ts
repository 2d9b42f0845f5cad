import { describe, expect, it } from 'vitest';
import type { CostSku } from '@/lib/costs/data';
import type { AdSpend } from '@/lib/costs/types';
import {
  adSpendOfRange,
  adSpendTarget,
  amountText,
  cogsRows,
  indexSkus,
  perDayCents,
  findSkus,
} from '@/components/your-costs/cost-rows';
import { formProblem } from '@/components/your-costs/form-problem';
import { exampleLine, importTemplate } from '@/lib/costs/import-ad-spend';
import { ApiError } from '@/lib/api/api-error';

const sku = (skuId: string, over: Partial<CostSku> = {}): CostSku => ({
  skuId,
  productId: 'p1',
  productName: 'Blue mug',
  skuName: 'Large',
  sellerSku: `MUG-${skuId}`,
  priceCents: 1_200,
  serviceUnitCogsCents: 410,
  ...over,
});
const spend = (id: string, day: string, amountCents: number, over: Partial<AdSpend> = {}): AdSpend => ({
  id,
  day,
  amountCents,
  skuId: null,
  productId: null,
  campaign: null,
  ...over,
});

describe('amountText', () => {
  it('writes cents back as the decimal text a money field sends', () => {
    expect(amountText(1250)).toBe('12.50');
    expect(amountText(5)).toBe('0.05');
    expect(amountText(123456789)).toBe('1234567.89');
  });
});

describe('ad spend rows', () => {
  const index = indexSkus([sku('s1'), sku('s2', { productId: 'p2', productName: 'Teapot', skuName: 'Teapot' })]);

  it('names the most specific target: a SKU, else a product, else the whole shop', () => {
    expect(adSpendTarget({ skuId: 's1', productId: 'p1' }, index)).toEqual({
      title: 'Blue mug — Large',
      detail: 'MUG-s1',
    });
    expect(adSpendTarget({ skuId: null, productId: 'p2' }, index)).toEqual({
      title: 'Teapot',
      detail: 'all SKUs of the product',
    });
    expect(adSpendTarget({ skuId: null, productId: null }, index)).toEqual({ title: 'Whole shop', detail: null });
    expect(adSpendTarget({ skuId: 'gone', productId: null }, index).detail).toBe('not in the catalog');
  });

  it('keeps the range only, newest day first', () => {
    const rows = adSpendOfRange(
      [
        spend('a', '2026-03-01', 100),
        spend('b', '2026-03-05', 50),
        spend('c', '2026-02-28', 10),
        spend('d', '2026-03-05', 70),
      ],
      '2026-03-01',
      '2026-03-31',
    );
    expect(rows.map((r) => r.id)).toEqual(['d', 'b', 'a']);
  });
});

describe('perDayCents', () => {
  it('spreads monthly and yearly amounts over an average day; a one-off has no daily share', () => {
    expect(perDayCents({ amountCents: 30_000, recurrence: 'monthly' })).toBe(986); // 300 × 12 / 365.2425
    expect(perDayCents({ amountCents: 365_24, recurrence: 'yearly' })).toBe(100);
    expect(perDayCents({ amountCents: 30_000, recurrence: 'once' })).toBeNull();
  });
});

describe('cogsRows', () => {
  it('groups by SKU, newest first, and marks the entry in force today', () => {
    const index = indexSkus([sku('s1')]);
    const rows = cogsRows(
      [
        { id: 'old', skuId: 's1', fromDay: '2026-01-01', unitCostCents: 300 },
        { id: 'future', skuId: 's1', fromDay: '2026-12-01', unitCostCents: 500 },
        { id: 'now', skuId: 's1', fromDay: '2026-03-01', unitCostCents: 400 },
      ],
      index,
      '2026-06-15',
    );
    expect(rows.map((r) => [r.entry.id, r.current])).toEqual([
      ['future', false],
      ['now', true],
      ['old', false],
    ]);
  });
});

describe('findSkus', () => {
  it('matches every word against names and seller SKU', () => {
    const skus = [sku('s1'), sku('s2', { productName: 'Teapot', skuName: 'Small', sellerSku: 'TEA-S' })];
    expect(findSkus(skus, 'tea small').shown.map((s) => s.skuId)).toEqual(['s2']);
    expect(findSkus(skus, 'mug-s1').shown.map((s) => s.skuId)).toEqual(['s1']);
    expect(findSkus(skus, '').shown).toHaveLength(2);
  });

  it('shows the first matches and counts them all', () => {
    const skus = Array.from({ length: 78 }, (_, i) => sku(`s${i}`));
    expect(findSkus(skus, '', 40)).toMatchObject({ total: 78, shown: { length: 40 } });
    expect(findSkus(skus, 's7', 5)).toMatchObject({ total: 9, shown: { length: 5 } }); // s7, s70–s77
  });
});

describe('formProblem', () => {
  const invalid = (message: string) => new ApiError({ status: 400, code: 'INVALID_REQUEST', message });

  it('puts each "field: message" beside its field and keeps the rest for the form', () => {
    const problem = formProblem(invalid('amount: must be a number like 12.50; day: must be a date; request: too big'), [
      'day',
      'amount',
    ]);
    expect(problem.fields).toEqual({ amount: 'amount: must be a number like 12.50', day: 'day: must be a date' });
    expect(problem.general).toBe('request: too big');
  });

  it('keeps a failure that is not about the input whole', () => {
    const problem = formProblem(
      new ApiError({ status: 503, code: 'STORE_UNAVAILABLE', message: 'The store is down.' }),
      ['amount'],
    );
    expect(problem).toEqual({ fields: {}, general: 'The store is down.' });
  });
});

describe('import template', () => {
  it('has the accepted header and skips a seller SKU a spreadsheet would run as a formula', () => {
    const skus = [sku('s1', { sellerSku: '=SUM(A1)' }), sku('s2', { sellerSku: 'MUG-L' })];
    const lines = importTemplate(skus, '2026-03-01').split('\r\n');
    expect(lines[0]).toBe('date,spend,seller_sku,product_id,campaign');
    expect(lines[1]).toBe('2026-03-01,12.50,MUG-L,,Spring sale');
    expect(lines[3]).toBe('2026-03-01,8.00,,,Whole shop');
    expect(exampleLine(skus, '2026-03-01')).toBe('2026-03-01,12.50,MUG-L,,Spring sale');
  });

  it('aims only at targets the shop has, so every line of the template imports', () => {
    expect(importTemplate([], '2026-03-01')).toBe(
      'date,spend,seller_sku,product_id,campaign\r\n2026-03-01,8.00,,,Whole shop\r\n',
    );
    expect(exampleLine([], '2026-03-01')).toBe('2026-03-01,12.50,,,Spring sale');
  });
});
