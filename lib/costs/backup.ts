import { csvLine, UTF8_BOM, type CsvValue } from '@/lib/csv';
import { parseAmount } from './amount';
import { headerKey, readCsv, readDay, type CsvRowError } from './csv-read';
import type { UnmatchedRow } from './import-words';
import { checkInputDay, type InputDayKind } from './input-days';
import { BASE_BACKUP_COLUMNS, SHOP_BACKUP_COLUMNS, type BackupColumn, type BackupRowReader } from './kind';
import { emptyInputs, itemsOf, KINDS, type CostKindId, type ShopCostInputs } from './kinds';
import type { CostDay, CostSku } from './types';

// One CSV holding every input of a shop (docs/ARCHITECTURE.md#your-costs), and its reader. A row's
// `type` says which cost kind it is (lib/costs/kinds: each kind writes and reads its own cells);
// `day` is the entry's day or first day; `amount` (major units) its amount. The first row
// (`type` shop) names the shop the file was made of and the dashboard version that made it, so a
// file is never restored into another shop. Export then import gives back the same inputs, ids included.

/** The header: the base columns, each kind's own (lib/costs/kinds), then the shop's. */
export const BACKUP_COLUMNS: readonly string[] = [
  ...new Set([...BASE_BACKUP_COLUMNS, ...KINDS.flatMap((k) => k.backup.columns ?? []), ...SHOP_BACKUP_COLUMNS]),
];
type Column = BackupColumn;

/** The shop a backup was made of, and by which version of the dashboard. */
export interface BackupShop {
  id: string;
  name: string;
  currency: string;
  dashboardVersion: string;
}

const ID_MAX = 200;
const emptyLines = () => Object.fromEntries(KINDS.map((k) => [k.id, []])) as unknown as Record<CostKindId, number[]>;
const typeList = KINDS.map((k) => k.backup.type)
  .join(', ')
  .replace(/, (?=[^,]*$)/, ' or ');

// lib/csv neutralises a text cell that a spreadsheet would run as a formula by prefixing `'`. So
// that the reader can take that quote off again without eating a seller's own leading quote, a
// text that already starts with `'` gets one more on the way out.
const FORMULA_OR_QUOTE = /^'[=+\-@\t\r']/;
const protect = (value: string | null): CsvValue => (value !== null && value.startsWith("'") ? `'${value}` : value);
const unprotect = (value: string) => (FORMULA_OR_QUOTE.test(value) ? value.slice(1) : value);

function line(values: Partial<Record<Column, string | null>>): string {
  return csvLine(BACKUP_COLUMNS.map((c) => protect(values[c] ?? null)));
}

/** The backup file: UTF-8 with BOM, a header, the shop it is of, then each kind's entries in the registry's order. */
export function backupCsv(inputs: ShopCostInputs, shop: BackupShop): string {
  let out = UTF8_BOM + csvLine([...BACKUP_COLUMNS]);
  out += line({
    type: 'shop',
    shop_id: shop.id,
    shop_name: shop.name,
    currency: shop.currency,
    dashboard_version: shop.dashboardVersion,
  });
  for (const kind of KINDS)
    for (const item of itemsOf(inputs, kind.id))
      out += line({ type: kind.backup.type, id: item.id, ...kind.backup.write(item) });
  return out;
}

export interface BackupRead {
  inputs: ShopCostInputs;
  /** The file's line of each input, in the same order. */
  lines: Record<CostKindId, number[]>;
  /** The shop the file names (null: a backup made before files named their shop). */
  shop: (BackupShop & { line: number }) | null;
  errors: CsvRowError[];
  /** Inputs accepted but worth a look (a day more than a month ahead). */
  warnings: CsvRowError[];
}

const REQUIRED: readonly Column[] = ['type', 'day', 'amount'];

/**
 * Reads a backup file against the shop's `today` (input days are held to lib/costs/input-days);
 * any error means nothing of it may be restored.
 */
export function parseBackupCsv(text: string, today: string): BackupRead {
  const inputs = emptyInputs();
  const lines = emptyLines();
  const warnings: CsvRowError[] = [];
  let shop: BackupRead['shop'] = null;
  // A shop without inputs backs up as a header (and its shop row) alone; restoring that clears the inputs.
  const read = readCsv(text, { what: 'The backup file', allowNoRows: true });
  if (!read.ok) return { inputs, lines, shop, warnings, errors: [read.error] };
  const keys = read.header.cells.map(headerKey);
  const index = new Map(BACKUP_COLUMNS.map((c) => [c, keys.indexOf(headerKey(c))]));
  const at = (c: Column) => index.get(c) ?? -1;
  const missing = REQUIRED.filter((c) => at(c) < 0);
  if (missing.length > 0) {
    const message = `This is not a costs backup: its header needs the columns ${BACKUP_COLUMNS.join(', ')} (missing: ${missing.join(', ')}).`;
    return { inputs, lines, shop, warnings, errors: [{ row: read.header.line, column: null, message }] };
  }
  const errors: CsvRowError[] = [];
  const seen = new Map(KINDS.map((k) => [k.id, new Map<string, number>()]));
  // The lines of each kind's unique columns (a SKU's unit cost on a day), to refuse a second one.
  const uniqueLines = new Map(KINDS.map((k) => [k.id, new Map<string, number>()]));
  for (const record of read.records) {
    const cell = (c: Column) => (at(c) < 0 ? '' : unprotect((record.cells[at(c)] ?? '').trim()));
    const before = errors.length;
    const fail = (column: Column | null, message: string) => errors.push({ row: record.line, column, message });
    const type = cell('type');
    if (type === 'shop') {
      if (shop) fail('type', `the shop is already named on line ${shop.line}`);
      else if (!cell('shop_id')) fail('shop_id', 'is required on the shop line');
      else
        shop = {
          id: cell('shop_id'),
          name: cell('shop_name'),
          currency: cell('currency'),
          dashboardVersion: cell('dashboard_version'),
          line: record.line,
        };
      continue;
    }
    const kind = KINDS.find((k) => k.backup.type === type);
    if (!kind) {
      fail('type', `"${type}" must be ${typeList}`);
      continue;
    }
    /** The input window of lib/costs/input-days: a refused day is an error, a day far ahead a warning. */
    const inWindow = (column: Column, value: string, dayKind: InputDayKind = 'day') => {
      const check = checkInputDay(value, today, dayKind);
      if (!check.ok) fail(column, check.message);
      else if (check.warning) warnings.push({ row: record.line, column, message: check.warning });
    };
    const id = cell('id') || crypto.randomUUID();
    if (id.length > ID_MAX) fail('id', `must be at most ${ID_MAX} characters`);
    const ids = seen.get(kind.id)!;
    const firstLine = ids.get(id);
    if (firstLine !== undefined) fail('id', `"${id}" is already used by line ${firstLine}`);
    ids.set(id, record.line);
    /** A day cell, or null when it is not one (the error recorded). */
    const dayCell = (column: Column): CostDay | null => {
      const read = readDay(cell(column));
      if (!read.ok) fail(column, read.message);
      return read.ok ? read.day : null;
    };
    const day = dayCell('day');
    if (day !== null) inWindow('day', day);
    const amount = parseAmount(cell('amount'));
    if (!amount.ok)
      fail('amount', amount.message === 'is required' ? 'is required' : `"${cell('amount')}" ${amount.message}`);
    const reader: BackupRowReader = {
      line: record.line,
      id,
      cell,
      fail,
      day,
      amountCents: amount.ok ? amount.cents : null,
      text: (c, max) => {
        const value = cell(c);
        if (value.length > max) fail(c, `must be at most ${max} characters`);
        return value || null;
      },
      dayCell,
      inWindow,
      warnings,
    };
    const item = kind.backup.read(reader);
    const unique = kind.store.unique;
    if (item && unique) {
      const row = kind.store.toRow('', item);
      const key = unique.columns.map((c) => String(row[c])).join('\u0000');
      const clash = uniqueLines.get(kind.id)!.get(key);
      if (clash !== undefined) fail('day', unique.backupMessage(item, clash));
      uniqueLines.get(kind.id)!.set(key, record.line);
    }
    if (item && errors.length === before) {
      itemsOf(inputs, kind.id).push(item);
      lines[kind.id].push(record.line);
    }
  }
  return { inputs, lines, shop, errors, warnings };
}

/** The rows of a backup that name a SKU or product the shop does not have (by the shop's SKUs). */
export function unmatchedRows(read: Pick<BackupRead, 'inputs' | 'lines'>, skus: readonly CostSku[]): UnmatchedRow[] {
  const known = { skus: new Set(skus.map((s) => s.skuId)), products: new Set(skus.map((s) => s.productId)) };
  const out: UnmatchedRow[] = [];
  for (const kind of KINDS) {
    const unmatched = kind.backup.unmatched;
    if (!unmatched) continue;
    itemsOf(read.inputs, kind.id).forEach((item, i) => {
      const names = unmatched(item, known);
      if (names !== null) out.push({ row: read.lines[kind.id][i]!, names });
    });
  }
  return out.sort((a, b) => a.row - b.row);
}

/** The inputs without the given rows (by their lines in the file). */
export function inputsWithout(read: Pick<BackupRead, 'inputs' | 'lines'>, rows: ReadonlySet<number>): ShopCostInputs {
  const out = emptyInputs();
  for (const kind of KINDS) {
    const kept = itemsOf(read.inputs, kind.id).filter((_, i) => !rows.has(read.lines[kind.id][i]!));
    itemsOf(out, kind.id).push(...kept);
  }
  return out;
}
