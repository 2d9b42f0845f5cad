import { csvHeader, csvLine, csvRow, UTF8_BOM, type CsvColumn } from '@/lib/csv';

/** A whole CSV document in memory, byte for byte what csvStream sends for the same rows. */
export function csvDocument<T>(columns: readonly CsvColumn<T>[], rows: Iterable<T>): string {
  let out = UTF8_BOM + csvLine(csvHeader(columns));
  for (const row of rows) out += csvLine(csvRow(columns, row));
  return out;
}
