import { z } from 'zod';
import { SEMICOLON_CSV, type CsvDialect } from '@/lib/csv';
import { EXCEL_CSV_FORMATS, type ExcelCsvFormat } from '@/lib/format/locale';

// Every export route answers CSV (the default) or Excel from the same columns and rows:
// `format=xlsx`. One parse, one sentence for a format it does not write.
// The CSV for a locale's Excel (docs/ARCHITECTURE.md#the-persons-locale): where Excel expects
// decimal commas it reads fields split by semicolons; `csv-excel-de` and `csv-excel-fr` write
// that, named in the file name, while `csv` keeps the commas and points scripts expect.

export const exportFormatSchema = z.object({
  format: z
    .enum(['csv', 'csv-excel-de', 'csv-excel-fr', 'xlsx'], {
      error:
        'must be csv (the default), csv-excel-de or csv-excel-fr (semicolons and decimal commas, for Excel in those languages) or xlsx (an Excel workbook)',
    })
    .default('csv'),
});

export type ExportFormat = z.output<typeof exportFormatSchema>['format'];

/** The All shops export's query: the format and which table, its shops (`shops`) or its SKU ranking (`skus`). */
export const allShopsExportQuerySchema = exportFormatSchema.extend({
  table: z.enum(['shops', 'skus'], { error: 'must be shops or skus' }).default('shops'),
});

function isExcelCsv(format: string): format is ExcelCsvFormat {
  return format in EXCEL_CSV_FORMATS;
}

/** A CSV for a locale's Excel: its dialect and the file name that says so (`…_excel-de.csv`); null for csv and xlsx. */
export function excelCsvOf(format: ExportFormat, filename: string): { dialect: CsvDialect; filename: string } | null {
  if (!isExcelCsv(format)) return null;
  return { dialect: SEMICOLON_CSV, filename: filename.replace(/\.csv$/, `_${format.slice('csv-'.length)}.csv`) };
}
