import { csvLine, UTF8_BOM, type CsvValue } from '@/lib/csv';
import { formatAmount, parseAmount } from './amount';
import { headerKey, readCsv, readDay, type CsvRowError } from './csv-read';
import { checkInputDay, type InputDayKind } from './input-days';
import {
  RECURRENCES,
  type AdSpend,
  type CogsEntry,
  type CostSku,
  type Expense,
  type Recurrence,
  type ShopCostInputs,
} from './types';

// One CSV holding every input of a shop (docs/ARCHITECTURE.md#your-costs), and its reader. A row's
// `type` says what it is; `day` is the ad spend's day, the expense's start day or the COGS entry's
// first day; `amount` (major units) is the spend, the expense or the unit cost. The first row
// (`type` shop) names the shop the file was made of and the dashboard version that made it, so a
// file is never restored into another shop. Export then import gives back the same inputs, ids included.

export const BACKUP_COLUMNS = [
  'type',
  'id',
  'day',
  'end_day',
  'amount',
  'sku_id',
  'product_id',
  'campaign',
  'name',
  'recurrence',
  'shop_id',
  'shop_name',
  'currency',
  'dashboard_version',
] as const;
type Column = (typeof BACKUP_COLUMNS)[number];
const TYPES = ['ad_spend', 'expense', 'cogs'] as const;

/** The shop a backup was made of, and by which version of the dashboard. */
export interface BackupShop {
  id: string;
  name: string;
  currency: string;
  dashboardVersion: string;
}

const NAME_MAX = 120;
const CAMPAIGN_MAX = 200;
const ID_MAX = 200;

// lib/csv neutralises a text cell that a spreadsheet would run as a formula by prefixing `'`. So
// that the reader can take that quote off again without eating a seller's own leading quote, a
// text that already starts with `'` gets one more on the way out.
const FORMULA_OR_QUOTE = /^'[=+\-@\t\r']/;
const protect = (value: string | null): CsvValue => (value !== null && value.startsWith("'") ? `'${value}` : value);
const unprotect = (value: string) => (FORMULA_OR_QUOTE.test(value) ? value.slice(1) : value);

function line(values: Partial<Record<Column, string | null>>): string {
  return csvLine(BACKUP_COLUMNS.map((c) => protect(values[c] ?? null)));
}

/** The backup file: UTF-8 with BOM, a header, the shop it is of, ad spend, then expenses, then COGS. */
export function backupCsv(inputs: ShopCostInputs, shop: BackupShop): string {
  let out = UTF8_BOM + csvLine([...BACKUP_COLUMNS]);
  out += line({
    type: 'shop',
    shop_id: shop.id,
    shop_name: shop.name,
    currency: shop.currency,
    dashboard_version: shop.dashboardVersion,
  });
  for (const a of inputs.adSpend) {
    out += line({
      type: 'ad_spend',
      id: a.id,
      day: a.day,
      amount: formatAmount(a.amountCents),
      sku_id: a.skuId,
      product_id: a.productId,
      campaign: a.campaign,
    });
  }
  for (const e of inputs.expenses) {
    out += line({
      type: 'expense',
      id: e.id,
      day: e.startDay,
      end_day: e.endDay,
      amount: formatAmount(e.amountCents),
      name: e.name,
      recurrence: e.recurrence,
    });
  }
  for (const c of inputs.cogs)
    out += line({ type: 'cogs', id: c.id, day: c.fromDay, amount: formatAmount(c.unitCostCents), sku_id: c.skuId });
  return out;
}

export interface BackupRead {
  inputs: ShopCostInputs;
  /** The file's line of each input, in the same order. */
  lines: { adSpend: number[]; expenses: number[]; cogs: number[] };
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
  const inputs: ShopCostInputs = { adSpend: [], expenses: [], cogs: [] };
  const lines: BackupRead['lines'] = { adSpend: [], expenses: [], cogs: [] };
  const warnings: CsvRowError[] = [];
  let shop: BackupRead['shop'] = null;
  // A shop without inputs backs up as a header (and its shop row) alone; restoring that clears the inputs.
  const read = readCsv(text, { what: 'The backup file', allowNoRows: true });
  if (!read.ok) return { inputs, lines, shop, warnings, errors: [read.error] };
  const keys = read.header.cells.map(headerKey);
  const index = Object.fromEntries(BACKUP_COLUMNS.map((c) => [c, keys.indexOf(headerKey(c))])) as Record<
    Column,
    number
  >;
  const missing = REQUIRED.filter((c) => index[c] < 0);
  if (missing.length > 0) {
    const message = `This is not a costs backup: its header needs the columns ${BACKUP_COLUMNS.join(', ')} (missing: ${missing.join(', ')}).`;
    return { inputs, lines, shop, warnings, errors: [{ row: read.header.line, column: null, message }] };
  }
  const errors: CsvRowError[] = [];
  const seen = {
    ad_spend: new Map<string, number>(),
    expense: new Map<string, number>(),
    cogs: new Map<string, number>(),
  };
  const cogsDays = new Map<string, number>();
  for (const record of read.records) {
    const cell = (c: Column) => (index[c] < 0 ? '' : unprotect((record.cells[index[c]] ?? '').trim()));
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
    if (!(TYPES as readonly string[]).includes(type)) {
      fail('type', `"${type}" must be ad_spend, expense or cogs`);
      continue;
    }
    /** The input window of lib/costs/input-days: a refused day is an error, a day far ahead a warning. */
    const inWindow = (column: Column, value: string, kind: InputDayKind = 'day') => {
      const check = checkInputDay(value, today, kind);
      if (!check.ok) fail(column, check.message);
      else if (check.warning) warnings.push({ row: record.line, column, message: check.warning });
    };
    const kind = type as (typeof TYPES)[number];
    const id = cell('id') || crypto.randomUUID();
    if (id.length > ID_MAX) fail('id', `must be at most ${ID_MAX} characters`);
    const firstLine = seen[kind].get(id);
    if (firstLine !== undefined) fail('id', `"${id}" is already used by line ${firstLine}`);
    seen[kind].set(id, record.line);
    const day = readDay(cell('day'));
    if (!day.ok) fail('day', day.message);
    else inWindow('day', day.day);
    const amount = parseAmount(cell('amount'));
    if (!amount.ok)
      fail('amount', amount.message === 'is required' ? 'is required' : `"${cell('amount')}" ${amount.message}`);
    const text = (c: Column, max: number) => {
      const value = cell(c);
      if (value.length > max) fail(c, `must be at most ${max} characters`);
      return value || null;
    };
    if (kind === 'ad_spend') {
      const item: AdSpend = {
        id,
        day: day.ok ? day.day : '',
        amountCents: amount.ok ? amount.cents : 0,
        skuId: text('sku_id', ID_MAX),
        productId: text('product_id', ID_MAX),
        campaign: text('campaign', CAMPAIGN_MAX),
      };
      if (errors.length === before) {
        inputs.adSpend.push(item);
        lines.adSpend.push(record.line);
      }
    } else if (kind === 'expense') {
      const name = text('name', NAME_MAX);
      if (!name) fail('name', 'is required for an expense');
      const recurrence = cell('recurrence');
      if (!(RECURRENCES as readonly string[]).includes(recurrence))
        fail('recurrence', `"${recurrence}" must be once, monthly or yearly`);
      let endDay: string | null = null;
      if (cell('end_day') !== '') {
        const end = readDay(cell('end_day'));
        if (!end.ok) fail('end_day', end.message);
        else if (day.ok && end.day < day.day) fail('end_day', 'must not be earlier than the start day');
        else {
          endDay = end.day;
          inWindow('end_day', end.day, 'end');
        }
      }
      const item: Expense = {
        id,
        name: name ?? '',
        amountCents: amount.ok ? amount.cents : 0,
        recurrence: recurrence as Recurrence,
        startDay: day.ok ? day.day : '',
        endDay,
      };
      if (errors.length === before) {
        inputs.expenses.push(item);
        lines.expenses.push(record.line);
      }
    } else {
      const skuId = text('sku_id', ID_MAX);
      if (!skuId) fail('sku_id', 'is required for a COGS entry');
      const key = `${skuId}\u0000${day.ok ? day.day : ''}`;
      const clash = cogsDays.get(key);
      if (skuId && day.ok && clash !== undefined)
        fail('day', `SKU ${skuId} already has a unit cost from ${day.day} on line ${clash}`);
      cogsDays.set(key, record.line);
      const item: CogsEntry = {
        id,
        skuId: skuId ?? '',
        fromDay: day.ok ? day.day : '',
        unitCostCents: amount.ok ? amount.cents : 0,
      };
      if (errors.length === before) {
        inputs.cogs.push(item);
        lines.cogs.push(record.line);
      }
    }
  }
  return { inputs, lines, shop, errors, warnings };
}

/** A backup row naming a SKU or product the shop does not have. */
export interface UnmatchedRow {
  row: number;
  /** "SKU 1729…", "product 1729…". */
  names: string;
}

/** The rows of a backup that name a SKU or product the shop does not have (by the shop's SKUs). */
export function unmatchedRows(read: Pick<BackupRead, 'inputs' | 'lines'>, skus: readonly CostSku[]): UnmatchedRow[] {
  const skuIds = new Set(skus.map((s) => s.skuId));
  const products = new Set(skus.map((s) => s.productId));
  const out: UnmatchedRow[] = [];
  read.inputs.adSpend.forEach((a, i) => {
    if (a.skuId !== null && !skuIds.has(a.skuId)) out.push({ row: read.lines.adSpend[i]!, names: `SKU ${a.skuId}` });
    else if (a.skuId === null && a.productId !== null && !products.has(a.productId))
      out.push({ row: read.lines.adSpend[i]!, names: `product ${a.productId}` });
  });
  read.inputs.cogs.forEach((c, i) => {
    if (!skuIds.has(c.skuId)) out.push({ row: read.lines.cogs[i]!, names: `SKU ${c.skuId}` });
  });
  return out.sort((a, b) => a.row - b.row);
}

/** The inputs without the given rows (by their lines in the file). */
export function inputsWithout(read: Pick<BackupRead, 'inputs' | 'lines'>, rows: ReadonlySet<number>): ShopCostInputs {
  const keep = <T>(items: readonly T[], lines: readonly number[]) => items.filter((_, i) => !rows.has(lines[i]!));
  return {
    adSpend: keep(read.inputs.adSpend, read.lines.adSpend),
    expenses: keep(read.inputs.expenses, read.lines.expenses),
    cogs: keep(read.inputs.cogs, read.lines.cogs),
  };
}

/** "line 4 (SKU 99), line 7 (product 12)", and how many more when the list is long. */
export function describeUnmatched(rows: readonly UnmatchedRow[], max = 10): string {
  const shown = rows.slice(0, max).map((r) => `line ${r.row} (${r.names})`);
  return rows.length > max ? `${shown.join(', ')} and ${rows.length - max} more` : shown.join(', ');
}
