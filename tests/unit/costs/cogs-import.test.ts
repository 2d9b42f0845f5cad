import { describe, expect, it } from 'vitest';
import { cogsTemplateCsv, parseCogsCsv } from '@/lib/costs/cogs-import';
import type { CogsEntry, CostSku } from '@/lib/costs/types';

const sku = (skuId: string, sellerSku: string, serviceUnitCogsCents: number | null = 2760): CostSku => ({
  skuId,
  productId: 'prod-1',
  productName: 'Linen shirt',
  skuName: '',
  sellerSku,
  priceCents: 6000,
  serviceUnitCogsCents,
});
const TODAY = '2026-11-20';
const SKUS = [sku('sku-1', 'SHIRT-M'), sku('sku-2', 'SHIRT-L'), sku('sku-3', 'DUP'), sku('sku-4', 'DUP', null)];
const ENTRIES: CogsEntry[] = [{ id: 'c1', skuId: 'sku-2', fromDay: '2026-11-15', unitCostCents: 3100 }];

/** The preview of a file of these lines (with `newline` between them) against `entries` stored. */
const previewOf = (lines: string[], entries = ENTRIES, newline = '\n') =>
  parseCogsCsv(lines.join(newline), SKUS, entries, TODAY);

describe('unit cost CSV import', () => {
  it('reads tolerant headers and says each SKU’s unit cost before → after', () => {
    const preview = previewOf([
      'Seller SKU,Unit cost,From',
      'SHIRT-M,40.00,2026-11-15',
      'SHIRT-L,$32.5,2026/11/15',
      'SHIRT-L,33,2026-11-18',
    ]);
    expect(preview.errors).toEqual([]);
    expect(preview.rows).toEqual([
      {
        row: 2,
        skuId: 'sku-1',
        sellerSku: 'SHIRT-M',
        productName: 'Linen shirt',
        fromDay: '2026-11-15',
        unitCostCents: 4000,
        unitCostBeforeCents: 2760,
        unitCostBeforeSource: 'service',
        replacesCogsEntry: null,
      },
      expect.objectContaining({
        row: 3,
        skuId: 'sku-2',
        unitCostCents: 3250,
        unitCostBeforeCents: 3100,
        unitCostBeforeSource: 'yours',
        replacesCogsEntry: 'c1',
      }),
      expect.objectContaining({ row: 4, fromDay: '2026-11-18', unitCostBeforeCents: 3100, replacesCogsEntry: null }),
    ]);
  });

  it('takes snake_case names and a SKU id; leaves out lines that repeat your cost or have none', () => {
    const preview = previewOf(
      ['sku_id,unit_cost,from_date', 'sku-1,27.60,2026-11-20', 'sku-2,31,2026-11-16', 'sku-3,,2026-11-20'],
      ENTRIES,
      '\r\n',
    );
    expect(preview.errors).toEqual([]);
    // The service's own figure made yours is a change: its order lines carry their own cost of goods.
    expect(preview.rows).toEqual([
      expect.objectContaining({ row: 2, skuId: 'sku-1', unitCostCents: 2760, unitCostBeforeSource: 'service' }),
    ]);
    expect(preview.unchanged).toEqual([3, 4]);
  });

  it('leaves out a line that changes no figure once the whole file is written, and only such lines', () => {
    const stored: CogsEntry[] = [{ id: 'e', skuId: 'sku-1', fromDay: '2026-11-01', unitCostCents: 1200 }];
    const preview = previewOf(
      [
        'seller_sku,unit_cost,from',
        'SHIRT-M,12,2026-11-03',
        'SHIRT-M,10,2026-11-05',
        'SHIRT-M,10,2026-11-10',
        'SHIRT-M,12,2026-11-01',
        'SHIRT-M,12,2026-11-12',
      ],
      stored,
    );
    // Line 3 (a change) and line 6 (back to 12 after line 3's 10); lines 2, 4 and 5 repeat what is in effect.
    expect(preview.rows.map((r) => [r.row, r.unitCostBeforeCents])).toEqual([
      [3, 1200],
      [6, 1200],
    ]);
    expect(preview.unchanged).toEqual([2, 4, 5]);
  });

  it('refuses each bad line with its line number and why', () => {
    const preview = previewOf([
      'seller_sku,unit_cost,from',
      'NOPE,10,2026-11-01',
      'DUP,10,2026-11-01',
      'SHIRT-M,ten,2026-11-01',
      'SHIRT-M,10,2026-13-01',
      'SHIRT-M,10,2026-11-01',
      'SHIRT-M,11,2026-11-01',
      ',10,2026-11-01',
      'SHIRT-M,2000000,2026-11-02',
      'SHIRT-M,10,2028-11-02',
    ]);
    expect(preview.errors).toEqual([
      { row: 2, column: 'seller_sku', message: 'seller SKU "NOPE" matches no SKU of this shop' },
      {
        row: 3,
        column: 'seller_sku',
        message: 'seller SKU "DUP" matches 2 SKUs (sku-3, sku-4): give the SKU id instead',
      },
      { row: 4, column: 'unit_cost', message: '"ten" must be a number like 12.50' },
      { row: 5, column: 'from', message: '"2026-13-01" is not a calendar date' },
      {
        row: 7,
        column: 'from',
        message: 'repeats line 6: SHIRT-M from 2026-11-01 is set there already (one unit cost per SKU and day)',
      },
      { row: 8, column: 'seller_sku', message: 'is required: name the SKU by seller SKU or SKU id' },
      { row: 9, column: 'unit_cost', message: '"2000000" must be at most 1,000,000.00 per unit' },
      {
        row: 10,
        column: 'from',
        message:
          "2028-11-02 is more than a year after today (2026-11-20 in the shop's time zone): check the year (the latest day accepted is 2027-11-20)",
      },
    ]);
  });

  it('says which columns it needs when the header lacks one', () => {
    const noCost = parseCogsCsv('seller_sku,from\nSHIRT-M,2026-11-01', SKUS, [], TODAY);
    expect(noCost.errors[0]?.message).toMatch(/^The header has no unit_cost column: .* Found: seller_sku, from\.$/);
    const noHeader = parseCogsCsv('SHIRT-M,10,2026-11-01\nSHIRT-L,11,2026-11-01', SKUS, [], TODAY);
    expect(noHeader.errors[0]?.message).toMatch(/^The first line must be a header naming the columns/);
  });

  it('the template lists every SKU with your unit cost today beside the service’s, from the day that cost starts (blank without one, never today), and imports as it is without a change', () => {
    const template = cogsTemplateCsv(SKUS, ENTRIES, TODAY);
    expect(template.startsWith('\uFEFFseller_sku,sku_id,product,unit_cost,from,service_unit_cost\r\n')).toBe(true);
    expect(template).toContain('SHIRT-L,sku-2,Linen shirt,31.00,2026-11-15,27.60\r\n');
    expect(template).toContain('SHIRT-M,sku-1,Linen shirt,,,27.60\r\n');
    expect(template).toContain('DUP,sku-4,Linen shirt,,,\r\n');
    expect(template).not.toContain(TODAY);
    const preview = parseCogsCsv(template, SKUS, ENTRIES, TODAY);
    expect(preview).toEqual({ rows: [], unchanged: [2, 3, 4, 5], errors: [], warnings: [] });
  });

  it('a template line filled in with a past day re-costs from that day; one left without its day is refused in a sentence', () => {
    const template = cogsTemplateCsv(SKUS, ENTRIES, TODAY);
    const filled = template.replace('SHIRT-M,sku-1,Linen shirt,,,', 'SHIRT-M,sku-1,Linen shirt,25.00,2026-01-01,');
    const preview = parseCogsCsv(filled, SKUS, ENTRIES, TODAY);
    expect(preview.errors).toEqual([]);
    expect(preview.rows).toEqual([
      expect.objectContaining({ skuId: 'sku-1', fromDay: '2026-01-01', unitCostCents: 2500 }),
    ]);
    const undated = parseCogsCsv(
      template.replace('SHIRT-M,sku-1,Linen shirt,,,', 'SHIRT-M,sku-1,Linen shirt,25.00,,'),
      SKUS,
      ENTRIES,
      TODAY,
    );
    expect(undated.rows).toEqual([]);
    expect(undated.errors).toHaveLength(1);
    expect(undated.errors[0]).toEqual({ row: 2, column: 'from', message: 'is required' });
  });
});
