import 'server-only';
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { columnHeader, type ColumnKind, type CsvColumn, type CsvValue } from '@/lib/csv';
import type { AboutLine } from './about';

// The Excel twin of lib/csv's csvStream: the same columns (so the same access filter) and the same
// row batches, written as one worksheet by exceljs's streaming WorkbookWriter. Each batch's rows are
// committed as they come and the zip's output is handed to the response as it appears, so a year of
// order lines never sits in memory as a workbook. Amounts are real numbers in major units (the CSV's
// decimals) with the currency in their format; ratios are percentages; days and times are real
// dates (the shop's wall clock: Excel has no time zone, the header says which); text stays text.
//
// Formulas: exceljs writes a string as a typed value (`<c t="str"><v>…</v></c>`, no `<f>`), which a
// spreadsheet shows and never evaluates, so a product named `=HYPERLINK(…)` is written exactly as it
// is named (the CSV must prefix `'` because CSV has no cell types). Only a `{ formula }` value would
// write an `<f>`; none is written.

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface XlsxSheet {
  /** The worksheet's name (and the header block's title). */
  title: string;
  /** The currency of `money` columns that have none of their own (ISO code). */
  currency: string;
  /** The header block above the table: shop, range, filters, settings, when it was exported. */
  about: readonly AboutLine[];
}

/**
 * `#,##0.00 "USD"`: the ISO code reads the same in every Excel locale and every currency (a
 * `[$$-409]` locale tag exists for some symbols only, and `$` alone is ambiguous across shops).
 */
export function moneyFormat(currency: string): string {
  return `#,##0.00 "${currency.replace(/[^A-Za-z]/g, '').toUpperCase()}"`;
}

const FORMATS: Record<Exclude<ColumnKind, 'money'>, string> = {
  ratio: '0.00%',
  count: '#,##0',
  number: '#,##0.0',
  day: 'yyyy-mm-dd',
  time: 'yyyy-mm-dd hh:mm:ss',
};

/** Typical widths (characters) of a kind's formatted values. */
const WIDTHS: Record<ColumnKind, number> = { money: 16, ratio: 9, count: 10, number: 10, day: 12, time: 20 };

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** A shop-local `YYYY-MM-DD[ HH:MM[:SS]]` as the Date exceljs writes as that wall clock (it reads dates as UTC). */
function wallClock(text: string): Date | null {
  const m = WALL_CLOCK.exec(text);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
}

function cellValue(kind: ColumnKind | undefined, value: CsvValue): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if ((kind === 'day' || kind === 'time') && typeof value === 'string') return wallClock(value) ?? value;
  return value;
}

/** Excel refuses these in a sheet name, and more than 31 characters. */
function sheetName(title: string): string {
  return title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Export';
}

function columnWidth<T>(column: CsvColumn<T>, sample: readonly T[]): number {
  let width = column.kind ? WIDTHS[column.kind] : 8;
  if (!column.kind)
    for (const row of sample.slice(0, 200)) width = Math.max(width, String(column.value(row) ?? '').length);
  return Math.min(60, Math.max(width, columnHeader(column).length) + 2);
}

function open<T>(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  columns: readonly CsvColumn<T>[],
  sheet: XlsxSheet,
  sample: readonly T[],
) {
  const headerRow = sheet.about.length + 3; // title, the block, a blank row
  const worksheet = workbook.addWorksheet(sheetName(sheet.title), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: headerRow, topLeftCell: `A${headerRow + 1}` }],
  });
  worksheet.columns = columns.map((column) => ({
    width: columnWidth(column, sample),
    style: column.kind ? { numFmt: column.kind === 'money' ? moneyFormat(sheet.currency) : FORMATS[column.kind] } : {},
  }));
  const title = worksheet.addRow([sheet.title]);
  title.font = { bold: true, size: 13 };
  title.commit();
  for (const [label, value] of sheet.about) {
    const row = worksheet.addRow([label, value]);
    row.getCell(1).font = { bold: true };
    row.commit();
  }
  worksheet.addRow([]).commit();
  const header = worksheet.addRow(columns.map(columnHeader));
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFEFEF' } };
    cell.border = { bottom: { style: 'thin' } };
  });
  header.commit();
  worksheet.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: headerRow, column: columns.length } };
  return worksheet;
}

function writeRow<T>(worksheet: ExcelJS.Worksheet, columns: readonly CsvColumn<T>[], row: T): void {
  const excelRow = worksheet.addRow(columns.map((c) => cellValue(c.kind, c.value(row))));
  columns.forEach((column, i) => {
    if (column.currency) excelRow.getCell(i + 1).numFmt = moneyFormat(column.currency(row));
  });
  excelRow.commit();
}

/**
 * The stream a sheet's committed rows are written into on their way to the zip. exceljs does not
 * wait for it (its writes ignore backpressure), so a reader faster than the compressor would pile
 * the whole sheet up there: the next batch is read only once it has drained. Not a public field:
 * without it, the export still works, only without that bound.
 */
function sheetPipe(worksheet: ExcelJS.Worksheet): SheetPipe | undefined {
  return (worksheet as unknown as { stream?: { pipes?: SheetPipe[] } }).stream?.pipes?.[0];
}

/** archiver's PassThrough is readable-stream's (npm), whose buffered length is in `_writableState`. */
type SheetPipe = Pick<Writable, 'once'> & { _writableState?: { length: number; highWaterMark: number } };

function backedUp(pipe: SheetPipe): boolean {
  const state = pipe._writableState;
  return Boolean(state && state.length > state.highWaterMark);
}

/**
 * Streams an XLSX workbook of one sheet: the header block, the frozen column header, then each batch's
 * rows. A failure mid-stream errors the stream (a broken download, never a silently short file).
 */
export function xlsxStream<T>(
  columns: readonly CsvColumn<T>[],
  batches: AsyncIterable<readonly T[]>,
  sheet: XlsxSheet,
): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  let ended = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  out.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    notify();
  });
  out.on('end', () => {
    ended = true;
    notify();
  });
  let wakeOnFailure: (() => void) | null = null;
  const fail = (error: unknown) => {
    failure ??= error ?? new Error('The Excel export failed.');
    notify();
    wakeOnFailure?.();
  };
  out.on('error', fail);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const zip = (workbook as unknown as { zip: NodeJS.EventEmitter & { abort(): void } }).zip;
  zip.on('error', fail);
  const iterator = batches[Symbol.asyncIterator]();
  let worksheet: ExcelJS.Worksheet | null = null;
  let phase: 'rows' | 'finishing' = 'rows';

  async function nextBatch(): Promise<void> {
    const next = await iterator.next();
    // The columns' widths come from the first rows, so the sheet opens with the first batch.
    worksheet ??= open(workbook, columns, sheet, next.done ? [] : next.value);
    if (next.done) {
      phase = 'finishing';
      workbook.commit().catch(fail);
      return;
    }
    for (const row of next.value) writeRow(worksheet, columns, row);
    const pipe = sheetPipe(worksheet);
    if (pipe && backedUp(pipe))
      await new Promise<void>((resolve) => {
        pipe.once('drain', resolve);
        wakeOnFailure = resolve;
      });
  }

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        if (failure) {
          zip.abort();
          throw failure;
        }
        if (chunks.length) {
          controller.enqueue(Buffer.concat(chunks.splice(0)));
          return;
        }
        if (ended) {
          controller.close();
          return;
        }
        if (phase === 'rows') {
          await nextBatch().catch(fail);
          // Let the zip compress what was committed before reading more rows.
          await new Promise((resolve) => setImmediate(resolve));
        } else await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    async cancel() {
      zip.abort();
      out.destroy();
      await iterator.return?.();
    },
  });
}
