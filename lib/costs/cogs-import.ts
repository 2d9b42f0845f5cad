import { csvLine, UTF8_BOM } from '@/lib/csv';
import { formatAmount } from './amount';
import { cogsEntryOn, cogsSchedule, MAX_UNIT_COST_CENTS, MAX_UNIT_COST_MESSAGE } from './cogs';
import {
  findColumns,
  missingColumnError,
  readAmountCell,
  readCsv,
  readInputDay,
  recordCells,
  type CsvRowError,
} from './csv-read';
import { resolveTarget } from './targets';
import type { CogsEntry, CostSku } from './types';

// A file of unit costs (seller SKU or SKU id, unit cost, from date) → the dated COGS entries an
// import would write, each with the unit cost it changes, and every row it refuses, before anything
// is written (docs/ARCHITECTURE.md#your-costs). Pure: the SKU costs page previews with it too.

/** Where a SKU's unit cost on a day comes from: the seller's entry, or the service's catalog. */
export type UnitCostSource = 'yours' | 'service';

export interface CogsImportRow {
  /** The file's line (header = 1). */
  row: number;
  skuId: string;
  sellerSku: string;
  productName: string;
  fromDay: string;
  unitCostCents: number;
  /** The unit cost in effect on `fromDay` before the import (null: the service has none). */
  unitCostBeforeCents: number | null;
  unitCostBeforeSource: UnitCostSource | null;
  /** The seller's entry of this SKU on `fromDay` that the import replaces, if any. */
  replacesCogsEntry: string | null;
}

export interface CogsImportPreview {
  /** The entries a commit writes. */
  rows: CogsImportRow[];
  /** Lines that leave the unit cost as it is (yours in effect on their day, or left blank): nothing to write. */
  unchanged: number[];
  errors: CsvRowError[];
  /** Rows accepted but worth a look (a day more than a month ahead). */
  warnings: CsvRowError[];
}

type Field = 'skuId' | 'sellerSku' | 'unitCost' | 'fromDay';

/** Header names each field answers to (compared lower-case, `_`/`-` as spaces). */
const COGS_IMPORT_ALIASES: Record<Field, readonly string[]> = {
  skuId: ['sku id', 'skuid'],
  sellerSku: ['seller sku', 'sellersku', 'sku'],
  unitCost: ['unit cost', 'unitcost', 'cost', 'cogs', 'unit cogs'],
  fromDay: ['from', 'from date', 'from day', 'date', 'day', 'start date'],
};

/** The columns, said once for the help text and the template. */
const COLUMNS_HINT =
  'a seller_sku (or sku_id) column, a unit_cost column and a from column (the first day, YYYY-MM-DD)';

const empty = (errors: CsvRowError[]): CogsImportPreview => ({ rows: [], unchanged: [], errors, warnings: [] });

/**
 * Parses a unit cost CSV against the shop's SKUs and its current entries; `today` is the shop's
 * (days are held to lib/costs/input-days). A SKU's entry on the same day is replaced; a row that
 * changes no figure is left out; any error means nothing of the file may be written.
 */
export function parseCogsCsv(
  text: string,
  skus: readonly CostSku[],
  entries: readonly CogsEntry[],
  today: string,
): CogsImportPreview {
  const read = readCsv(text);
  if (!read.ok) return empty([read.error]);
  const index = findColumns(read.header, COGS_IMPORT_ALIASES);
  const missing = index.skuId < 0 && index.sellerSku < 0 ? 'seller_sku' : index.unitCost < 0 ? 'unit_cost' : null;
  if (missing || index.fromDay < 0) return empty([missingColumnError(read.header, missing ?? 'from', COLUMNS_HINT)]);
  const schedule = cogsSchedule(entries);
  const bySku = new Map(skus.map((s) => [s.skuId, s]));
  const seen = new Map<string, number>();
  const out = empty([]);
  for (const record of read.records) {
    const { cell, fail, name } = recordCells(read.header, index, record, out.errors);
    // A template's line without a unit cost (a SKU the service has none for) is left as it is.
    if (cell('unitCost') === '') {
      out.unchanged.push(record.line);
      continue;
    }
    const day = readInputDay(cell('fromDay'), today);
    if (!day.ok) fail('fromDay', day.message);
    else if (day.warning) out.warnings.push({ row: record.line, column: name('fromDay'), message: day.warning });
    const amount = readAmountCell(cell('unitCost'));
    if (!amount.ok) fail('unitCost', amount.message);
    else if (amount.cents > MAX_UNIT_COST_CENTS) fail('unitCost', `"${cell('unitCost')}" ${MAX_UNIT_COST_MESSAGE}`);
    const target =
      cell('skuId') === '' && cell('sellerSku') === ''
        ? ({ ok: false, field: 'sellerSku', message: 'is required: name the SKU by seller SKU or SKU id' } as const)
        : resolveTarget({ skuId: cell('skuId'), sellerSku: cell('sellerSku') }, skus);
    if (!target.ok) fail(target.field === 'skuId' ? 'skuId' : 'sellerSku', target.message);
    if (!day.ok || !amount.ok || amount.cents > MAX_UNIT_COST_CENTS || !target.ok) continue;
    const sku = bySku.get(target.skuId!)!;
    const key = `${sku.skuId} ${day.day}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      fail(
        'fromDay',
        `repeats line ${earlier}: ${sku.sellerSku || sku.skuId} from ${day.day} is set there already (one unit cost per SKU and day)`,
      );
      continue;
    }
    seen.set(key, record.line);
    const before = cogsEntryOn(schedule, sku.skuId, day.day);
    const beforeCents = before ? before.unitCostCents : sku.serviceUnitCogsCents;
    out.rows.push({
      row: record.line,
      skuId: sku.skuId,
      sellerSku: sku.sellerSku,
      productName: sku.productName,
      fromDay: day.day,
      unitCostCents: amount.cents,
      unitCostBeforeCents: beforeCents,
      unitCostBeforeSource: before ? 'yours' : beforeCents === null ? null : 'service',
      replacesCogsEntry: before && before.fromDay === day.day ? before.id : null,
    });
  }
  return withoutNoOps(out, entries);
}

/**
 * Leaves out the rows that change no figure: yours of the same amount already on that day, or in
 * effect the day before once the whole file is written (its other rows count: a later line of the
 * same cost after an earlier line of the file changes nothing). Leaving one out changes no SKU's
 * cost on any day, so the others' verdicts stand. The service's catalog figure entered as yours is
 * a change: its order lines carry their own cost of goods, which yours replaces (lib/costs/cogs).
 */
function withoutNoOps(preview: CogsImportPreview, entries: readonly CogsEntry[]): CogsImportPreview {
  const inFile = new Set(preview.rows.map((r) => `${r.skuId} ${r.fromDay}`));
  const after = cogsSchedule([
    ...entries.filter((e) => !inFile.has(`${e.skuId} ${e.fromDay}`)),
    ...preview.rows.map((r) => ({ id: '', skuId: r.skuId, fromDay: r.fromDay, unitCostCents: r.unitCostCents })),
  ]);
  const stored = new Map(entries.map((e) => [`${e.skuId} ${e.fromDay}`, e.unitCostCents]));
  const noOp = (r: CogsImportRow) => {
    const sameDay = stored.get(`${r.skuId} ${r.fromDay}`);
    if (sameDay !== undefined) return sameDay === r.unitCostCents;
    const previous = (after.get(r.skuId) ?? []).filter((e) => e.fromDay < r.fromDay).at(-1);
    return previous?.unitCostCents === r.unitCostCents;
  };
  return {
    ...preview,
    rows: preview.rows.filter((r) => !noOp(r)),
    unchanged: [...preview.unchanged, ...preview.rows.filter(noOp).map((r) => r.row)].sort((a, b) => a - b),
  };
}

/**
 * What the template's `from` holds, in one sentence for the dialog beside its download: the day a
 * unit cost starts counting, so a past day re-costs the orders since then (never "today" for every row).
 */
/**
 * A template to fill in a spreadsheet: every SKU with your unit cost in effect today (blank where
 * the service's counts, shown beside it), from the day that cost starts (blank without one: the
 * seller names the day a cost they fill in applies from, lib/costs/import-cogs' COGS_TEMPLATE_FROM_NOTE). Imported as it
 * is, it changes nothing; fill in or change a unit cost (and its day) and only that line is
 * imported. The SKU id goes along, so a seller SKU shared by several SKUs (or one a spreadsheet
 * would neutralise) still names its SKU.
 */
export function cogsTemplateCsv(skus: readonly CostSku[], entries: readonly CogsEntry[], today: string): string {
  const schedule = cogsSchedule(entries);
  const money = (cents: number | null | undefined) =>
    cents === null || cents === undefined ? '' : formatAmount(cents);
  const lines = [csvLine(['seller_sku', 'sku_id', 'product', 'unit_cost', 'from', 'service_unit_cost'])];
  for (const sku of skus) {
    const yours = cogsEntryOn(schedule, sku.skuId, today);
    lines.push(
      csvLine([
        sku.sellerSku,
        sku.skuId,
        sku.productName,
        money(yours?.unitCostCents),
        yours?.fromDay ?? '',
        money(sku.serviceUnitCogsCents),
      ]),
    );
  }
  return UTF8_BOM + lines.join('');
}
