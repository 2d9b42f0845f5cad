import 'server-only';
import { csvColumnsFor } from '@/lib/server/access';
import { csvStream, type CsvColumn } from '@/lib/csv';
import { csvResponse } from '@/lib/exports/filename';
import { excelCsvOf, type ExportFormat } from '@/lib/exports/format';
import { XLSX_CONTENT_TYPE, xlsxStream, type XlsxSheet } from '@/lib/exports/xlsx';

// One answer for every export route, CSV or Excel: the same columns after the same access filter
// (`csvColumnsFor`: without costs and profit, the same columns are gone from both files), the same
// rows, the same file name but for its extension.

export interface ExportFile<T> {
  /** Every column of the export; the person's access decides which are written. */
  columns: readonly CsvColumn<T>[];
  batches: AsyncIterable<readonly T[]>;
  /** The CSV's file name (lib/exports/filename's `exportFilename`). */
  filename: string;
  sheet: XlsxSheet;
  headers?: Record<string, string>;
}

export function exportResponse<T>(format: ExportFormat, file: ExportFile<T>): Response {
  const columns = csvColumnsFor(file.columns);
  if (format === 'csv') return csvResponse(csvStream(columns, file.batches), file.filename, file.headers);
  const excelCsv = excelCsvOf(format, file.filename);
  if (excelCsv) return csvResponse(csvStream(columns, file.batches, excelCsv.dialect), excelCsv.filename, file.headers);
  return new Response(xlsxStream(columns, file.batches, file.sheet), {
    headers: {
      ...file.headers,
      'Content-Type': XLSX_CONTENT_TYPE,
      'Content-Disposition': `attachment; filename="${file.filename.replace(/\.csv$/, '.xlsx')}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** One batch of rows already in memory (a report's rows), as the exports take them. */
export async function* oneBatch<T>(rows: readonly T[]): AsyncGenerator<readonly T[]> {
  yield rows;
}
