import { z } from 'zod';

// Every export route answers CSV (the default) or Excel from the same columns and rows:
// `format=xlsx`. One parse, one sentence for a format it does not write.

export const exportFormatSchema = z.object({
  format: z.enum(['csv', 'xlsx'], { error: 'must be csv (the default) or xlsx (an Excel workbook)' }).default('csv'),
});

export type ExportFormat = z.output<typeof exportFormatSchema>['format'];

/** The All shops export's query: the format and which table, its shops (`shops`) or its SKU ranking (`skus`). */
export const allShopsExportQuerySchema = exportFormatSchema.extend({
  table: z.enum(['shops', 'skus'], { error: 'must be shops or skus' }).default('shops'),
});
