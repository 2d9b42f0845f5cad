import type { CsvRowError } from './csv-read';
import type { HistoryValue } from './history';
import type { CostSku } from './types';

// What an importable cost kind declares for the one CSV import dialog
// (components/your-costs/csv-import-dialog): its endpoint, words, columns, template, the preview's
// table and sentences. Pure and client-safe; the dialog formats every value (money, days, SKUs) as
// every other figure, and each sentence is one template (lib/costs/message) with its values.

/** A value of an import's words: a history value, or a range of days. */
export type ImportValue = HistoryValue | { range: { from: string; to: string } };

/** A sentence: its template and its values by name. */
export interface ImportMessage {
  message: string;
  values: Record<string, ImportValue>;
}

/** A cell of the preview's table: a sentence, with a muted note after it, or the target a row names (from the shop's SKUs). */
export type ImportCell =
  (ImportMessage & { note?: string | null }) | { target: { skuId: string | null; productId: string | null } };

/** What every import's preview holds; a kind's has more, which its sentences read. */
export interface ImportPreviewBase<Row extends { row: number } = { row: number }> {
  rows: Row[];
  errors: CsvRowError[];
  warnings: CsvRowError[];
  /** Groups of line numbers that repeat an earlier line exactly (a kind that asks about them). */
  duplicates?: number[][];
}

export interface ImportColumn<Row> {
  label: string;
  num?: boolean;
  /** How the cell shows on a phone's card (components/data-table): the title, the lead figure or a detail. */
  role: 'title' | 'lead' | 'detail';
  nowrap?: boolean;
  cell(row: Row): ImportCell;
}

export interface KindImport<Row extends { row: number } = { row: number }, Preview = ImportPreviewBase<Row>> {
  /** The endpoint that checks (and with `commit: true` writes) a file: its declaration's name (lib/endpoints). */
  endpoint: `POST shops/[shopId]/your-costs/${string}/import`;
  title: string;
  /** What the file must hold and what importing does, before its columns. */
  intro: string;
  columns: readonly { name: string; meaning: string }[];
  /**
   * The template: made in the page from the shop's SKUs (with the help's example line), or the
   * endpoint's own file (`download`, with what its lines are and a note after it).
   */
  template:
    | {
        file: string;
        make(skus: readonly CostSku[], today: string): string;
        example(skus: readonly CostSku[], today: string): string;
      }
    | { download: `GET shops/[shopId]/your-costs/${string}/import`; lineNote: string; note: string };
  /** The import button, `{n}` rows ready ("Import {n, plural, one {# row} other {# rows}}"). */
  button: string;
  table: { label: string; columns: readonly ImportColumn<Row>[] };
  /** What the checked file holds and what importing does. */
  summary(preview: Preview): ImportMessage;
  /** Rows repeating an earlier one are asked about: imported once (the first button) or every time. */
  duplicates?: { message: string; why: string; skip: string; keep: string };
}
