// The one CSV module (RFC 4180 quoting, spreadsheet-formula neutralising, UTF-8 with BOM).
// Every export goes through here so no route can forget the formula rule (docs/ARCHITECTURE.md#security).

export type CsvValue = string | number | boolean | null | undefined;

/** Spreadsheets evaluate a cell starting with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Excel and LibreOffice detect UTF-8 only with a byte order mark. */
export const UTF8_BOM = '\uFEFF';

/**
 * Prefixes text that a spreadsheet would run as a formula with `'`. Numbers are written as
 * numbers (a negative amount stays numeric); only strings can carry a formula.
 */
export function neutralise(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * How a CSV separates fields and writes a decimal: commas and points (the default, what scripts
 * read), or semicolons and decimal commas (what Excel expects where the locale writes "1.234,56":
 * de-DE, fr-FR…). Numbers never carry a thousands separator in either.
 */
export interface CsvDialect {
  separator: ',' | ';';
  decimal: '.' | ',';
}

export const COMMA_CSV: CsvDialect = { separator: ',', decimal: '.' };
export const SEMICOLON_CSV: CsvDialect = { separator: ';', decimal: ',' };

/** One cell: neutralised when text, quoted when it holds the separator, a quote, CR or LF. */
export function csvCell(value: CsvValue, dialect: CsvDialect = COMMA_CSV): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    return dialect.decimal === '.' ? String(value) : String(value).replace('.', dialect.decimal);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = neutralise(value);
  const special = dialect.separator === ',' ? /[",\r\n]/ : /[";,\r\n]/;
  return special.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, terminated by CRLF as RFC 4180 says. */
export function csvLine(values: readonly CsvValue[], dialect: CsvDialect = COMMA_CSV): string {
  return `${values.map((v) => csvCell(v, dialect)).join(dialect.separator)}\r\n`;
}

/**
 * What a column holds, for a spreadsheet's number formats (lib/exports/xlsx): CSV ignores it, so a
 * hint never changes a CSV byte but a ratio's (see columnHeader). `money` is a number in major units (the CSV's decimal), `ratio` a
 * fraction (0.25 = 25%), `day` and `time` the CSV's shop-local `YYYY-MM-DD` and
 * `YYYY-MM-DD HH:MM:SS`, `count` a whole number, `number` a decimal. Without one, a value is written as it is.
 */
export type ColumnKind = 'money' | 'ratio' | 'count' | 'number' | 'day' | 'time';

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
  kind?: ColumnKind;
  /** A `money` column whose currency differs by row (All shops' own-currency figures); else the sheet's. */
  currency?: (row: T) => string;
}

/** A ratio as a column's value holds it: a fraction rounded to `decimals` places (a margin: 0.3597), or empty. */
export function ratioCell(value: number | null | undefined, decimals = 4): number | null {
  if (value === null || value === undefined) return null;
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}

/**
 * The one rule for ratios in every export: a `ratio` column's header names its unit ("Margin (%)",
 * "… (% of net sales)") in the CSV and the workbook alike. The CSV writes the percentage as a plain number (35.97 for
 * 0.3597), which reads right in a text editor and in any spreadsheet's import; the workbook keeps
 * the fraction as a real number formatted as a percentage (lib/exports/xlsx), which Excel shows as
 * 35.97% and computes with as 0.3597.
 */
export function columnHeader<T>(column: CsvColumn<T>): string {
  if (column.kind !== 'ratio') return column.header;
  // A header that already names what the ratio is of says the unit there, not in a second bracket.
  return column.header.endsWith(' (of net sales)')
    ? column.header.replace(/ \(of net sales\)$/, ' (% of net sales)')
    : `${column.header} (%)`;
}

/** A fraction as the CSV's percentage: ×100, without the float's noise (0.3597 → 35.97). */
const percentOf = (fraction: number): number => Number((fraction * 100).toPrecision(12));

export function csvHeader<T>(columns: readonly CsvColumn<T>[]): string[] {
  return columns.map(columnHeader);
}

export function csvRow<T>(columns: readonly CsvColumn<T>[], row: T): CsvValue[] {
  return columns.map((c) => {
    const value = c.value(row);
    return c.kind === 'ratio' && typeof value === 'number' && Number.isFinite(value) ? percentOf(value) : value;
  });
}

/**
 * Streams a CSV: the BOM and header first, then each batch of rows as it arrives, so a long
 * export starts downloading at once and memory stays flat. A failure mid-stream errors the
 * stream (the browser sees a broken download, never a silently truncated file).
 */
export function csvStream<T>(
  columns: readonly CsvColumn<T>[],
  batches: AsyncIterable<readonly T[]>,
  dialect: CsvDialect = COMMA_CSV,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(UTF8_BOM + csvLine(csvHeader(columns), dialect)));
    },
    // A pull that enqueues nothing is not called again, so empty batches are skipped here.
    async pull(controller) {
      for (;;) {
        const next = await iterator.next();
        if (next.done) {
          controller.close();
          return;
        }
        let chunk = '';
        for (const row of next.value) chunk += csvLine(csvRow(columns, row), dialect);
        if (chunk) {
          controller.enqueue(encoder.encode(chunk));
          return;
        }
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
