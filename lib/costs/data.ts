import type { BackupShop } from '@/lib/costs/backup';
import type { UnmatchedRow } from '@/lib/costs/import-words';
import type { CsvRowError, ImportPreview } from '@/lib/costs/csv-import';
import type { CogsImportPreview } from '@/lib/costs/cogs-import';
import type { KindCounts } from '@/lib/costs/kinds';
import type { AuditEntry, CostSku } from '@/lib/costs/types';
import type { ShopCostInputs } from '@/lib/costs/kinds';

export type { CogsImportPreview, CostSku, CsvRowError, ImportPreview };

// The `data` of the cost-input endpoints, as the browser reads them.
// Client-safe, types only (components may not reach the server-only loader that builds them,
// lib/server/loaders/costs, not even for a type).

/** `GET costs`: every input, the audit trail (newest first) and what an undo would revert. */
export interface CostsData {
  inputs: ShopCostInputs;
  audit: AuditEntry[];
  undoable: AuditEntry | null;
  skus: CostSku[];
}

/** An import's answer: its preview (`P`: the ad spend's or the unit costs'), and whether it was written. */
export interface ImportResult<P = ImportPreview> {
  preview: P;
  committed: boolean;
  audit?: AuditEntry;
}

type Counts = KindCounts;

export interface RestorePreview {
  counts: Counts;
  errors: CsvRowError[];
  warnings: CsvRowError[];
  replaces: Counts;
  /** The shop the file names (null: a backup from before files named their shop). */
  shop: BackupShop | null;
  /** Rows naming a SKU or product this shop does not have. */
  unmatched: UnmatchedRow[];
}

export interface RestoreResult {
  preview: RestorePreview;
  committed: boolean;
  audit?: AuditEntry;
}

export interface UndoResult {
  undone: AuditEntry;
  audit: AuditEntry;
}
