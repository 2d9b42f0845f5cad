import { describe, expect, it } from 'vitest';
import { parseAdSpendCsv, rowsToImport } from '@/lib/costs/csv-import';
import { describeDuplicates } from '@/lib/costs/import-words';
import { rowErrorsMessage } from '@/lib/costs/csv-read';
import type { CostSku } from '@/lib/costs/types';

const sku = (skuId: string, sellerSku: string, productId = 'prod-1'): CostSku => ({
  skuId,
  productId,
  productName: 'Shirt',
  skuName: skuId,
  sellerSku,
  priceCents: 1000,
  serviceUnitCogsCents: 300,
});
/** The shop's today the files are read against (input days are held to a window around it). */
const TODAY = '2026-11-01';

const SKUS = [
  sku('sku-1', 'SHIRT-M'),
  sku('sku-2', 'SHIRT-L'),
  sku('sku-3', 'DUP', 'prod-2'),
  sku('sku-4', 'DUP', 'prod-2'),
];

describe('ad spend CSV import', () => {
  it('matches header aliases case-insensitively and resolves each row’s target', () => {
    const csv = [
      'Day,Amount,SKU ID,Seller_SKU,Product Id,Campaign Name,Extra',
      '2026-10-01,10.00,sku-2,,,Spring,ignored',
      '2026-10-02,"1,250.50",,SHIRT-M,,,',
      '2026/10/03,$3,,,prod-2,,',
      '2026-10-04,0.99,,,,Brand,',
    ].join('\n');
    const preview = parseAdSpendCsv(csv, SKUS, TODAY);
    expect(preview.errors).toEqual([]);
    expect(preview.rows).toEqual([
      {
        row: 2,
        day: '2026-10-01',
        amountCents: 1000,
        skuId: 'sku-2',
        productId: 'prod-1',
        campaign: 'Spring',
        target: 'sku',
      },
      {
        row: 3,
        day: '2026-10-02',
        amountCents: 125050,
        skuId: 'sku-1',
        productId: 'prod-1',
        campaign: null,
        target: 'sku',
      },
      {
        row: 4,
        day: '2026-10-03',
        amountCents: 300,
        skuId: null,
        productId: 'prod-2',
        campaign: null,
        target: 'product',
      },
      { row: 5, day: '2026-10-04', amountCents: 99, skuId: null, productId: null, campaign: 'Brand', target: 'shop' },
    ]);
    expect(preview).toMatchObject({ from: '2026-10-01', to: '2026-10-04', totalCents: 126449, replaces: 0 });
  });

  it('reads a BOM, CRLF, `;` delimiters, quoted fields with delimiters, quotes and line breaks, and skips empty lines', () => {
    const csv =
      '\uFEFFdate;spend;campaign\r\n\r\n2026-10-01;"12,50";x\r\n2026-10-02;5;"a; ""b""\r\nc"\r\n;;\r\n2026-10-03;1;\r\n';
    const preview = parseAdSpendCsv(csv, SKUS, TODAY);
    // "12,50" is a European decimal comma: refused, naming the line it is on (line 2 was empty).
    expect(preview.errors).toEqual([{ row: 3, column: 'spend', message: '"12,50" must be a number like 12.50' }]);
    expect(preview.rows.map((r) => [r.row, r.campaign])).toEqual([
      [4, 'a; "b"\r\nc'],
      [7, null],
    ]);
    expect(parseAdSpendCsv('date\tspend\n2026-10-01\t4\n', SKUS, TODAY).rows).toMatchObject([{ amountCents: 400 }]);
  });

  it('names the line and column of every bad cell', () => {
    const csv = [
      'date,spend,seller_sku,sku_id,product_id,campaign',
      '2026-02-30,1,,,,',
      '01/10/2026,1,,,,',
      '2026-10-01,-4,,,,',
      '2026-10-01,1.234,,,,',
      '2026-10-01,,,,,',
      '2026-10-01,1,NOPE,,,',
      '2026-10-01,1,DUP,,,',
      '2026-10-01,1,,sku-9,,',
      '2026-10-01,1,,,prod-9,',
      `2026-10-01,1,,,,${'c'.repeat(201)}`,
      '1999-12-31,1,,,,',
    ].join('\n');
    expect(parseAdSpendCsv(csv, SKUS, TODAY).errors).toEqual([
      { row: 2, column: 'date', message: '"2026-02-30" is not a calendar date' },
      { row: 3, column: 'date', message: '"01/10/2026" must be a date written YYYY-MM-DD (or YYYY/MM/DD)' },
      { row: 4, column: 'spend', message: '"-4" must not be negative' },
      { row: 5, column: 'spend', message: '"1.234" has more than 2 decimals' },
      { row: 6, column: 'spend', message: 'is required' },
      { row: 7, column: 'seller_sku', message: 'seller SKU "NOPE" matches no SKU of this shop' },
      {
        row: 8,
        column: 'seller_sku',
        message: 'seller SKU "DUP" matches 2 SKUs (sku-3, sku-4): give the SKU id instead',
      },
      {
        row: 9,
        column: 'sku_id',
        message: 'SKU id "sku-9" is not a SKU of this shop (sync the shop first if it is new)',
      },
      { row: 10, column: 'product_id', message: 'product id "prod-9" is not a product of this shop' },
      { row: 11, column: 'campaign', message: 'must be at most 200 characters' },
      { row: 12, column: 'date', message: '"1999-12-31" must be between 2000-01-01 and 2100-12-31' },
    ]);
  });

  it('a file without a header, without date/spend columns, or without data rows is one clear error', () => {
    expect(parseAdSpendCsv('2026-10-01,12.00\n2026-10-02,3\n', SKUS, TODAY).errors).toEqual([
      {
        row: 1,
        column: null,
        message: expect.stringMatching(
          /^The first line must be a header naming the columns: a date column \(date or day\) and a spend column/,
        ),
      },
    ]);
    expect(parseAdSpendCsv('date,clicks\n2026-10-01,12\n', SKUS, TODAY).errors).toEqual([
      {
        row: 1,
        column: null,
        message: expect.stringMatching(/^The header has no spend column: .* Found: date, clicks\.$/),
      },
    ]);
    expect(parseAdSpendCsv('date,spend\n\n', SKUS, TODAY).errors).toEqual([
      { row: 0, column: null, message: 'The file has a header line but no data rows under it.' },
    ]);
    expect(parseAdSpendCsv('', SKUS, TODAY).errors).toEqual([{ row: 0, column: null, message: 'The file is empty.' }]);
    expect(parseAdSpendCsv('date,spend\n2026-10-01,"12\n', SKUS, TODAY).errors).toEqual([
      {
        row: 2,
        column: null,
        message: expect.stringMatching(/^This line could not be read as CSV .*check its quotes\.$/),
      },
    ]);
  });

  it('refuses more than 20,000 rows and more than 2 MB, whole', () => {
    const rows = Array.from({ length: 20_001 }, () => '2026-10-01,1').join('\n');
    expect(parseAdSpendCsv(`date,spend\n${rows}`, SKUS, TODAY).errors).toEqual([
      {
        row: 0,
        column: null,
        message: 'The file has 20,001 data rows; at most 20,000 can be read at once: split it (by month, for example).',
      },
    ]);
    expect(
      parseAdSpendCsv(`date,spend\n${Array.from({ length: 20_000 }, () => '2026-10-01,1').join('\n')}`, SKUS, TODAY)
        .rows,
    ).toHaveLength(20_000);
    const big = `date,spend,campaign\n${Array.from({ length: 12_000 }, () => `2026-10-01,1,${'x'.repeat(190)}`).join('\n')}`;
    expect(parseAdSpendCsv(big, SKUS, TODAY).errors[0]!.message).toMatch(/^The file is 2\.\d MB; at most 2 MB/);
  });

  it('says how many rows have errors and quotes the first', () => {
    const preview = parseAdSpendCsv('date,spend\n2026-13-01,1\n2026-10-01,x\n2026-10-02,1\n', SKUS, TODAY);
    expect(rowErrorsMessage(preview.errors, 'imported')).toBe(
      '2 rows have errors: nothing was imported. Line 2, date: "2026-13-01" is not a calendar date',
    );
  });

  it('refuses a day more than a year ahead (a mistyped year) and flags one more than a month ahead', () => {
    const preview = parseAdSpendCsv(
      'date,spend\n2027-12-29,5\n2026-12-05,6\n2026-11-30,7\n2027-11-01,8\n2027-11-02,9\n1999-12-31,1\n',
      SKUS,
      TODAY,
    );
    expect(preview.errors.map((e) => [e.row, e.message])).toEqual([
      [
        2,
        "2027-12-29 is more than a year after today (2026-11-01 in the shop's time zone): check the year (the latest day accepted is 2027-11-01)",
      ],
      [
        6,
        "2027-11-02 is more than a year after today (2026-11-01 in the shop's time zone): check the year (the latest day accepted is 2027-11-01)",
      ],
      [7, '"1999-12-31" must be between 2000-01-01 and 2100-12-31'],
    ]);
    expect(preview.warnings.map((w) => [w.row, w.message])).toEqual([
      [3, '2026-12-05 is 34 days after today (2026-11-01): check the date'],
      [5, '2027-11-01 is 365 days after today (2026-11-01): check the date'],
    ]);
    expect(preview.rows.map((r) => r.day)).toEqual(['2026-12-05', '2026-11-30', '2027-11-01']);
  });

  it('finds rows that repeat an earlier row exactly, by what they would write, and imports them once or every time', () => {
    const csv = [
      'date,spend,seller_sku,campaign',
      '2026-10-01,10.00,SHIRT-M,Spring',
      '2026-10-01,10,SHIRT-M,Spring',
      '2026-10-01,10.00,SHIRT-M,Summer',
      '2026-10-02,4,,',
      '2026-10-01,10.00,SHIRT-M,Spring',
      '2026-10-02,4.00,,',
    ].join('\n');
    const preview = parseAdSpendCsv(csv, SKUS, TODAY);
    expect(preview.duplicates).toEqual([
      [2, 3, 6],
      [5, 7],
    ]);
    expect(describeDuplicates(preview.duplicates)).toBe('lines 2, 3 and 6; lines 5 and 7');
    expect(rowsToImport(preview, 'skip').map((r) => r.row)).toEqual([2, 4, 5]);
    expect(rowsToImport(preview, 'keep')).toHaveLength(6);
    expect(parseAdSpendCsv('date,spend\n2026-10-01,1\n2026-10-02,1\n', SKUS, TODAY).duplicates).toEqual([]);
  });
});
