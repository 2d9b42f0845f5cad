import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { CsvColumn } from '@/lib/csv';
import { moneyFormat, xlsxStream } from '@/lib/exports/xlsx';

// The workbook writer alone: what a sheet holds for each kind of column, an empty export, and a
// failure mid-stream (a broken download, never a short file that looks whole).

interface Row {
  name: string;
  amount: number | null;
  margin: number | null;
  day: string;
  time: string;
  lines: number;
  currency: string;
}

const columns: CsvColumn<Row>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Amount', value: (r) => r.amount, kind: 'money' },
  { header: 'Own amount', value: (r) => r.amount, kind: 'money', currency: (r) => r.currency },
  { header: 'Margin', value: (r) => r.margin, kind: 'ratio' },
  { header: 'Day', value: (r) => r.day, kind: 'day' },
  { header: 'Created', value: (r) => r.time, kind: 'time' },
  { header: 'Lines', value: (r) => r.lines, kind: 'count' },
];

const row = (over: Partial<Row> = {}): Row => ({
  name: 'Mug',
  amount: -12.3,
  margin: 0.2512,
  day: '2026-03-29',
  time: '2026-03-29 02:30:00',
  lines: 3,
  currency: 'GBP',
  ...over,
});

async function* batches<T>(...list: T[][]): AsyncGenerator<T[]> {
  for (const batch of list) yield batch;
}

async function read(stream: ReadableStream<Uint8Array>) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await new Response(stream).arrayBuffer()) as unknown as ExcelJS.Buffer);
  return workbook.worksheets[0]!;
}

const sheet = { title: 'Orders: A/B [test]', currency: 'USD', about: [['Range', '2026-03-01 to 2026-03-31'] as const] };

describe('xlsxStream', () => {
  it('writes each kind with its format, text as text, below a frozen header and its block', async () => {
    const formula = row({ name: '=HYPERLINK("http://x","y")', amount: null, margin: null });
    const ws = await read(xlsxStream(columns, batches([row()], [], [formula, row({ name: '@SUM(A1)' })]), sheet));
    expect(ws.name).toBe('Orders  A B  test ');
    expect(ws.getCell('A1').value).toBe('Orders: A/B [test]');
    expect([ws.getCell('A2').value, ws.getCell('B2').value]).toEqual(['Range', '2026-03-01 to 2026-03-31']);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 4 });
    // A ratio's header names its unit, as the CSV's does.
    expect(ws.getRow(4).values).toEqual([, ...columns.map((c) => (c.kind === 'ratio' ? `${c.header} (%)` : c.header))]);
    const first = ws.getRow(5);
    expect(first.getCell(2)).toMatchObject({ value: -12.3, numFmt: '#,##0.00 "USD"' });
    expect(first.getCell(3)).toMatchObject({ value: -12.3, numFmt: '#,##0.00 "GBP"' });
    expect(first.getCell(4)).toMatchObject({ value: 0.2512, numFmt: '0.00%' });
    expect(first.getCell(5).value).toEqual(new Date(Date.UTC(2026, 2, 29)));
    expect(first.getCell(6).value).toEqual(new Date(Date.UTC(2026, 2, 29, 2, 30)));
    expect(first.getCell(7)).toMatchObject({ value: 3, numFmt: '#,##0' });
    for (const [n, name] of [
      [6, '=HYPERLINK("http://x","y")'],
      [7, '@SUM(A1)'],
    ] as const) {
      const cell = ws.getRow(n).getCell(1);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.value).toBe(name);
    }
    expect(ws.getRow(6).getCell(2).value).toBeNull();
    expect(ws.rowCount).toBe(7);
  });

  it('writes the block and the header of an export without rows', async () => {
    const ws = await read(xlsxStream(columns, batches<Row>(), sheet));
    expect(ws.getRow(4).getCell(1).value).toBe('Name');
    expect(ws.rowCount).toBe(4);
  });

  it('errors the stream when the rows fail mid-way', async () => {
    async function* failing(): AsyncGenerator<Row[]> {
      yield [row()];
      throw new Error('store went away');
    }
    await expect(new Response(xlsxStream(columns, failing(), sheet)).arrayBuffer()).rejects.toThrow('store went away');
  });

  it('names the currency by its ISO code', () => {
    expect(moneyFormat('eur')).toBe('#,##0.00 "EUR"');
  });
});
