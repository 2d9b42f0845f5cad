import {
  findColumns,
  missingColumnError,
  readAmountCell,
  readCsv,
  readInputDay,
  recordCells,
  type CsvRowError,
} from './csv-read';
import { resolveTarget, type TargetKind } from './targets';
import { CAMPAIGN_MAX } from './limits';
import type { CostSku } from './types';

// An ad platform's spend export → the rows an import would write, and every row error, before
// anything is written (docs/ARCHITECTURE.md#your-costs). Pure: the page previews with it too.

export { rowErrorsMessage, type CsvRowError } from './csv-read';

export interface ImportRow {
  /** The file's line (header = 1). */
  row: number;
  day: string;
  amountCents: number;
  skuId: string | null;
  productId: string | null;
  campaign: string | null;
  target: TargetKind;
}

export interface ImportPreview {
  rows: ImportRow[];
  errors: CsvRowError[];
  /** Rows accepted but worth a look (a day more than a month ahead). */
  warnings: CsvRowError[];
  /**
   * Rows that repeat an earlier row exactly (same day, amount, target and campaign), as groups of
   * line numbers, the first line first: a platform export that repeats a line would double that
   * day's spend, so a commit must say whether to import them once or every time.
   */
  duplicates: number[][];
  /** Stored ad spend rows on the file's days that a commit replaces (the server fills it in). */
  replaces: number;
  from: string | null;
  to: string | null;
  totalCents: number;
}

type Field = 'date' | 'spend' | 'skuId' | 'sellerSku' | 'productId' | 'campaign';

/** Header names each field answers to (compared lower-case, `_`/`-` as spaces). */
export const IMPORT_ALIASES: Record<Field, readonly string[]> = {
  date: ['date', 'day'],
  spend: ['spend', 'amount', 'cost'],
  skuId: ['sku id', 'skuid'],
  sellerSku: ['seller sku', 'sellersku'],
  productId: ['product id', 'productid'],
  campaign: ['campaign', 'campaign name'],
};

const COLUMNS_HINT =
  'a date column (date or day) and a spend column (spend, amount or cost); optionally sku_id, seller_sku, product_id and campaign';

const empty = (errors: CsvRowError[]): ImportPreview => ({
  rows: [],
  errors,
  warnings: [],
  duplicates: [],
  replaces: 0,
  from: null,
  to: null,
  totalCents: 0,
});

/** Groups of rows that are exact repeats of each other (by what they would write), in file order. */
function duplicateGroups(rows: readonly ImportRow[]): number[][] {
  const byKey = new Map<string, number[]>();
  for (const r of rows) {
    const key = JSON.stringify([r.day, r.amountCents, r.skuId, r.productId, r.campaign]);
    const lines = byKey.get(key);
    if (lines) lines.push(r.row);
    else byKey.set(key, [r.row]);
  }
  return [...byKey.values()].filter((lines) => lines.length > 1);
}

/** The rows to write: every row, or each group of exact repeats once (its first line). */
export function rowsToImport(
  preview: Pick<ImportPreview, 'rows' | 'duplicates'>,
  duplicates: 'skip' | 'keep',
): ImportRow[] {
  if (duplicates === 'keep') return preview.rows;
  const repeats = new Set(preview.duplicates.flatMap((lines) => lines.slice(1)));
  return preview.rows.filter((r) => !repeats.has(r.row));
}

/**
 * Parses an ad spend CSV against the shop's SKUs; `today` is the shop's (input days are held to
 * lib/costs/input-days). Any error means nothing of the file may be written.
 */
export function parseAdSpendCsv(text: string, skus: readonly CostSku[], today: string): ImportPreview {
  const read = readCsv(text);
  if (!read.ok) return empty([read.error]);
  const index = findColumns(read.header, IMPORT_ALIASES);
  if (index.date < 0 || index.spend < 0)
    return empty([missingColumnError(read.header, index.date < 0 ? 'date' : 'spend', COLUMNS_HINT)]);
  const rows: ImportRow[] = [];
  const errors: CsvRowError[] = [];
  const warnings: CsvRowError[] = [];
  for (const record of read.records) {
    const { cell, fail, name } = recordCells(read.header, index, record, errors);
    const day = readInputDay(cell('date'), today);
    if (!day.ok) fail('date', day.message);
    else if (day.warning) warnings.push({ row: record.line, column: name('date'), message: day.warning });
    const amount = readAmountCell(cell('spend'));
    if (!amount.ok) fail('spend', amount.message);
    const campaign = cell('campaign');
    if (campaign.length > CAMPAIGN_MAX) fail('campaign', `must be at most ${CAMPAIGN_MAX} characters`);
    const target = resolveTarget(
      { skuId: cell('skuId'), sellerSku: cell('sellerSku'), productId: cell('productId') },
      skus,
    );
    if (!target.ok) fail(target.field, target.message);
    if (day.ok && amount.ok && target.ok && campaign.length <= CAMPAIGN_MAX) {
      rows.push({
        row: record.line,
        day: day.day,
        amountCents: amount.cents,
        skuId: target.skuId,
        productId: target.productId,
        campaign: campaign || null,
        target: target.kind,
      });
    }
  }
  const days = rows.map((r) => r.day).sort();
  return {
    rows,
    errors,
    warnings,
    duplicates: duplicateGroups(rows),
    replaces: 0,
    from: days[0] ?? null,
    to: days.at(-1) ?? null,
    totalCents: rows.reduce((sum, r) => sum + r.amountCents, 0),
  };
}
