import type { CsvRowError } from './csv-read';
import type { HistoryValue, HistoryValues } from './history';
import type { InputDayKind } from './input-days';
import type { KindImport } from './kind-import';
import type { CostDay } from './types';

// What one kind of seller-entered cost declares (docs/ARCHITECTURE.md#how-to-add-a-cost-kind). Pure
// and client-safe: the store, the write actions, the backup, the routes and the Your costs page
// read these declarations (lib/costs/kinds.ts lists them) instead of naming each kind by hand.

/** A stored row: column → value (numbers as numbers). */
export type CostRow = Record<string, string | number | null>;

/** The tables of the seller's inputs; `st_your_cost_entry` holds every kind added since, keyed by `kind`. */
export type CostKindTable = 'st_your_ad_spend' | 'st_your_expense' | 'st_your_cogs' | 'st_your_cost_entry';

/** The columns of the shared entries table (a new kind maps its fields onto these; no migration). */
export const ENTRY_COLUMNS = ['shop_id', 'kind', 'id', 'day', 'sku_id', 'amount_cents', 'basis'] as const;

/** The backup's columns every file has (one file, every kind: a kind uses the ones it needs, and may add its own). */
export const BASE_BACKUP_COLUMNS = [
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
] as const;
/** The columns naming the shop the file is of (its first row), last in the header. */
export const SHOP_BACKUP_COLUMNS = ['shop_id', 'shop_name', 'currency', 'dashboard_version'] as const;
/** A backup column: a base or shop column, or one a kind adds (`backup.columns`). */
export type BackupColumn = string;

/** What a kind's backup reader gets for one row: its cells, and the rules every kind shares. */
export interface BackupRowReader {
  line: number;
  id: string;
  cell: (column: BackupColumn) => string;
  fail: (column: BackupColumn | null, message: string) => void;
  /** The row's `day`, held to the input window (null when refused: an error is recorded). */
  day: CostDay | null;
  /** The row's `amount` in cents (null when refused). */
  amountCents: number | null;
  /** A text cell, blank → null, longer than `max` refused. */
  text: (column: BackupColumn, max: number) => string | null;
  /** A day cell (YYYY-MM-DD or YYYY/MM/DD), or null when it is not one (an error is recorded). */
  dayCell: (column: BackupColumn) => CostDay | null;
  /** A day cell held to the input window (`kind` end: up to five years ahead). */
  inWindow: (column: BackupColumn, day: CostDay, kind?: InputDayKind) => void;
  warnings: CsvRowError[];
}

/** How a refusal's sentence names things (the store reads names it knows). */
export interface HistoryTexts {
  /** "SKU SHIRT-M" (`known`: a seller SKU the caller read, for a SKU not stored yet). */
  sku: (skuId: string, known?: string) => Promise<string>;
  /** "for SKU SHIRT-M", "for product Shirt", "for the whole shop". */
  target: (t: { skuId: string | null; productId: string | null }) => Promise<string>;
}

/** How the history names things of the shop, as values (the store reads names it knows). */
export interface HistoryNames {
  /** A SKU by its id and seller SKU (`known`: a seller SKU the caller read, for a SKU not stored yet). */
  sku: (skuId: string, known?: string) => Promise<HistoryValue>;
  /** What an entry is aimed at: `on` (`sku`, `product` or `shop`) with the SKU or the product's name. */
  target: (t: { skuId: string | null; productId: string | null }) => Promise<HistoryValues>;
}

/** What a write body is checked against before it is stored (the action supplies it). */
export interface BodyContext {
  /** Holds days to the input window; a refused day throws, warnings are returned with the saved entry. */
  checkDays: (days: Record<string, { day: CostDay | null; kind?: InputDayKind }>) => void;
  /** The SKU (or product, or the shop) a body names, resolved against the shop's SKUs; throws naming the field. */
  target: (body: {
    skuId: string | null;
    sellerSku: string | null;
    productId?: string | null;
  }) => Promise<{ skuId: string | null; productId: string | null; sellerSku?: string | undefined }>;
}

/** Where a kind's amounts go in the reports (documentation the page and the docs show; the placement reads it). */
export interface KindPlacement {
  /** What an entry may be aimed at. */
  on: readonly ('sku' | 'product' | 'shop')[];
  /** How its amount turns into cents of a day: as entered on its day, per unit or order from its day, spread. */
  per: 'day' | 'unit' | 'order' | 'unit-or-order' | 'spread';
}

/** "From `fromDay`, each unit (or order line) of SKU `skuId` (null: of every SKU) costs `amountCents`." */
export interface ChargeRate {
  skuId: string | null;
  fromDay: CostDay;
  per: 'unit' | 'order';
  amountCents: number;
}

/** A field of the generic entry form and list (components/your-costs/kind-section), in the seller's words. */
export interface KindField {
  /** The body's key. */
  name: string;
  label: string;
  input: 'date' | 'money' | 'choice' | 'sku';
  /** For `choice`: value → the seller's words. */
  options?: readonly { value: string; label: string }[];
  /** May be left blank (a SKU: every SKU). */
  optional?: boolean;
  /** A line under the field. */
  hint?: string;
}

export interface CostKind<Id extends string = string, T extends { id: string } = { id: string }, Body = unknown> {
  /** The key of `ShopCostInputs` and of the backup's counts. */
  id: Id;
  /** The API segment below `shops/{id}/your-costs/` (and the page's section anchor). */
  path: string;
  /** The seller's words. */
  labels: {
    /** Section title: "Ad spend". */
    title: string;
    one: string;
    many: string;
    /** "an ad spend row": how an undo refusal names a row it touched. */
    rowWord: string;
    /** The 404's sentence. */
    notFound: string;
    /** How the "Count your costs" switch and the service-only note name it: "ad spend". */
    counted: string;
  };
  /** Who may see it: every seller input is a cost, so a "costs and profit" figure (lib/team/figures). */
  figure: 'costs-and-profit';
  /** One day; from a day onward (until the next entry); recurring, spread over days. */
  dating: 'day' | 'from-day' | 'recurring';
  placement: KindPlacement;
  store: {
    table: CostKindTable;
    /** The columns of its rows (the audit's full rows). */
    columns: readonly string[];
    /** The row of an item (with `shop_id`, and `kind` in the shared table). */
    toRow: (shopId: string, item: T) => CostRow;
    fromRow: (row: Record<string, unknown>) => T;
    /** The list's order. */
    sortKeys: (item: T) => string[];
    /** The day column a report's range narrows (only kinds whose entries are one day each). */
    rangeColumn?: string;
    /** Columns two entries may not share (besides the id): a second one is a 409 naming the first. */
    unique?: {
      columns: readonly string[];
      /** The 409's sentence, naming the entry that exists. */
      message: (clash: T, texts: HistoryTexts) => Promise<string>;
      /** The backup reader's, naming the line that has it. */
      backupMessage: (item: T, line: number) => string;
    };
  };
  /**
   * The write body as the entry's fields, held to the input window and the shop's SKUs. The body's
   * schema is `KIND_BODIES[id]` (lib/costs/kind-bodies), apart from the kind so the page's words and
   * forms load without zod.
   */
  fromBody: (body: Body, ctx: BodyContext) => Promise<{ fields: Omit<T, 'id'>; sellerSku?: string | undefined }>;
  /**
   * The history (lib/costs/history): an entry's values, and one sentence template per action, whose
   * `{name}`s are the values (an update's old values are named `before…`: `{beforeAmount}`).
   */
  history: {
    values: (item: Omit<T, 'id'>, names: HistoryNames) => Promise<HistoryValues>;
    templates: { create: string; update: string; delete: string; import?: string };
  };
  /**
   * A kind charged per unit or per order of SKUs, from a day (lib/costs/charges): in the SKUs'
   * net profit, its own line of the P&L and column of the SKU report and its exports.
   */
  charges?: {
    rates: (items: readonly T[]) => ChargeRate[];
    /** The P&L line and the column: what it is, marked as the seller's ("… (yours)": lib/team/figures hides what says it). */
    label: string;
  };
  /**
   * The generic section of the Your costs page (a kind without its own component): the form's
   * fields (the body's keys, in order), the item as the form's starting values, and the list's cells.
   */
  form?: {
    fields: readonly KindField[];
    /** A new entry's starting values (`today`: the shop's). */
    blank: (today: CostDay) => Record<string, string>;
    /** An item as the form's values (editing). */
    values: (item: T) => Record<string, string>;
    /** The list's cells, with the field's label as the column's: the item's value of each field (money in cents). */
    cells: (item: T) => Record<string, string | number | null>;
    /** What the section says it is for. */
    intro: string;
  };
  /**
   * A kind whose entries a CSV imports: the one import dialog's endpoint, words, columns, template
   * and preview (lib/costs/kind-import). A method, so a kind's own row and preview types fit.
   */
  import?: KindImport<never, never>;
  backup: {
    /** The `type` cell. */
    type: string;
    /** Columns of its own, beyond the base ones (added to the header before the shop's). */
    columns?: readonly string[];
    write: (item: T) => Partial<Record<BackupColumn, string | null>>;
    /** The row's item, or null when a check failed (`fail` recorded why). */
    read: (row: BackupRowReader) => T | null;
    /** "SKU 17…" when the item names a SKU or product the shop does not have. */
    unmatched?: (item: T, known: { skus: ReadonlySet<string>; products: ReadonlySet<string> }) => string | null;
  };
}

/** What the store needs of a kind (its rows, words and history; not its body). */
export type StoredKind<T extends { id: string } = { id: string }> = Pick<
  CostKind<string, T, never>,
  'id' | 'labels' | 'store' | 'history'
>;
