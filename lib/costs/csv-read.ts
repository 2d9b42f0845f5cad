import Papa from 'papaparse';
import { DATE_PATTERN, isCalendarDate, MAX_DATE, MIN_DATE } from '@/lib/time/dates';
import { parseAmount } from './amount';
import { checkInputDay } from './input-days';

// Reading a seller's CSV file (an ad spend export of an ad platform, or our own backup): BOM, CRLF
// or LF, quoted fields with commas and line breaks, `,` `;` or tab as the delimiter. Every record
// keeps the line it starts on, so an error can name the line a spreadsheet shows.

export const CSV_MAX_BYTES = 2 * 1024 * 1024;
export const CSV_MAX_ROWS = 20_000;

/** A problem with one cell, one line, or (row 0) the file as a whole. `row` is the file's 1-based line. */
export interface CsvRowError {
  row: number;
  column: string | null;
  message: string;
}

export interface CsvRecord {
  line: number;
  cells: string[];
}

export type CsvRead = { ok: true; header: CsvRecord; records: CsvRecord[] } | { ok: false; error: CsvRowError };

const DELIMITERS = [',', ';', '\t'] as const;

/** The delimiter the header line uses most (outside quotes); a comma when it names one column. */
function guessDelimiter(text: string): string {
  const firstLine = text.split(/\r\n|\r|\n/).find((line) => line.trim() !== '') ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  let best: string = ',';
  let bestCount = 0;
  for (const d of DELIMITERS) {
    const count = unquoted.split(d).length - 1;
    if (count > bestCount) [best, bestCount] = [d, count];
  }
  return best;
}

const LINE_BREAK = /\r\n|\r|\n/g;

/** The file's non-empty records, with line numbers; or the one error that stops reading it. */
export function readCsv(text: string, options: { what?: string; allowNoRows?: boolean } = {}): CsvRead {
  const what = options.what ?? 'The file';
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > CSV_MAX_BYTES) {
    return {
      ok: false,
      error: {
        row: 0,
        column: null,
        message: `${what} is ${(bytes / 1024 / 1024).toFixed(1)} MB; at most 2 MB can be read at once: split it (by month, for example).`,
      },
    };
  }
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let start = 0;
  let line = 1;
  let parseError: CsvRowError | null = null;
  Papa.parse<string[]>(body, {
    delimiter: guessDelimiter(body),
    step: (result, parser) => {
      const cursor = result.meta.cursor;
      if (result.errors.length > 0 && !parseError) {
        parseError = {
          row: line,
          column: null,
          message: `This line could not be read as CSV (${result.errors[0]!.message}); check its quotes.`,
        };
        parser.abort();
        return;
      }
      const cells = result.data;
      if (cells.some((c) => c.trim() !== '')) records.push({ line, cells });
      line += body.slice(start, cursor).match(LINE_BREAK)?.length ?? 0;
      start = cursor;
    },
  });
  if (parseError) return { ok: false, error: parseError };
  const [header, ...rest] = records;
  if (!header) return { ok: false, error: { row: 0, column: null, message: `${what} is empty.` } };
  if (rest.length === 0 && !options.allowNoRows)
    return {
      ok: false,
      error: { row: 0, column: null, message: `${what} has a header line but no data rows under it.` },
    };
  if (rest.length > CSV_MAX_ROWS) {
    return {
      ok: false,
      error: {
        row: 0,
        column: null,
        message: `${what} has ${rest.length.toLocaleString('en-US')} data rows; at most 20,000 can be read at once: split it (by month, for example).`,
      },
    };
  }
  return { ok: true, header, records: rest };
}

/** A header cell as compared with the aliases: "Campaign_Name " → "campaign name". */
export function headerKey(cell: string): string {
  return cell
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
}

/** Each field's column in the header (-1 when absent): the first header cell one of its aliases names. */
export function findColumns<F extends string>(
  header: CsvRecord,
  aliases: Readonly<Record<F, readonly string[]>>,
): Record<F, number> {
  const keys = header.cells.map(headerKey);
  const index = {} as Record<F, number>;
  for (const field of Object.keys(aliases) as F[]) index[field] = keys.findIndex((k) => aliases[field].includes(k));
  return index;
}

/**
 * The header lacks a required column (`missing`): a file without a header line is told to add one,
 * else the message names what is needed (`hint`) and what the header holds.
 */
export function missingColumnError(header: CsvRecord, missing: string, hint: string): CsvRowError {
  const looksLikeData = header.cells.some((c) => readDay(c).ok || parseAmount(c).ok);
  const message = looksLikeData
    ? `The first line must be a header naming the columns: ${hint}.`
    : `The header has no ${missing} column: it needs ${hint}. Found: ${header.cells.map((c) => c.trim()).join(', ')}.`;
  return { row: header.line, column: null, message };
}

/**
 * One record's cells by field (trimmed, '' for a column the file lacks) and its problems, each
 * named by the line and the header's own column name.
 */
export function recordCells<F extends string>(
  header: CsvRecord,
  index: Readonly<Record<F, number>>,
  record: CsvRecord,
  errors: CsvRowError[],
) {
  const name = (field: F) => (index[field] < 0 ? field : header.cells[index[field]]!.trim());
  return {
    name,
    cell: (field: F) => (index[field] < 0 ? '' : (record.cells[index[field]] ?? '').trim()),
    fail: (field: F, message: string) => errors.push({ row: record.line, column: name(field), message }),
  };
}

/** An amount cell → cents, or the problem quoting what the cell holds. */
export function readAmountCell(text: string): { ok: true; cents: number } | { ok: false; message: string } {
  const amount = parseAmount(text);
  if (amount.ok) return amount;
  return { ok: false, message: amount.message === 'is required' ? 'is required' : `"${text}" ${amount.message}` };
}

/**
 * A day cell held to the input window (lib/costs/input-days) against the shop's `today`: the day
 * and any warning (a day more than a month ahead), or the problem.
 */
export function readInputDay(
  text: string,
  today: string,
): { ok: true; day: string; warning: string | null } | { ok: false; message: string } {
  const day = readDay(text);
  if (!day.ok) return day;
  const window = checkInputDay(day.day, today);
  return window.ok ? { ok: true, day: day.day, warning: window.warning } : { ok: false, message: window.message };
}

/** A day written YYYY-MM-DD (or YYYY/MM/DD) → `YYYY-MM-DD`, or what is wrong with it. */
export function readDay(text: string): { ok: true; day: string } | { ok: false; message: string } {
  const value = text.trim();
  if (value === '') return { ok: false, message: 'is required' };
  const day = /^\d{4}\/\d{2}\/\d{2}$/.test(value) ? value.replaceAll('/', '-') : value;
  if (!DATE_PATTERN.test(day))
    return { ok: false, message: `"${value}" must be a date written YYYY-MM-DD (or YYYY/MM/DD)` };
  if (!isCalendarDate(day)) return { ok: false, message: `"${value}" is not a calendar date` };
  if (day < MIN_DATE || day > MAX_DATE)
    return { ok: false, message: `"${value}" must be between ${MIN_DATE} and ${MAX_DATE}` };
  return { ok: true, day };
}

/** "Line 5, date: …" — one error as a sentence (a 400's message quotes the first one). */
export function describeRowError(error: CsvRowError): string {
  const where = error.row === 0 ? '' : `Line ${error.row}${error.column ? `, ${error.column}` : ''}: `;
  return `${where}${error.message}`;
}

/** "3 rows have errors: nothing was imported. Line 5, date: …" */
export function rowErrorsMessage(errors: readonly CsvRowError[], verb: string): string {
  const rows = new Set(errors.map((e) => e.row)).size;
  const count = errors.some((e) => e.row === 0 || e.row === 1)
    ? 'The file has errors'
    : rows === 1
      ? '1 row has errors'
      : `${rows} rows have errors`;
  return `${count}: nothing was ${verb}. ${describeRowError(errors[0]!)}`;
}
