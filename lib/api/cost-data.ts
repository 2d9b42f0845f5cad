import type { CsvRowError, ImportPreview } from '@/lib/costs/csv-import';
import type { AdSpend, AuditEntry, CogsEntry, CostSku, Expense, ShopCostInputs } from '@/lib/costs/types';

export type { CostSku, CsvRowError, ImportPreview };

// The `data` of the cost-input endpoints (common contract of issue 13), as the browser reads them.
// Client-safe, types only (components may not reach the server-only loader that builds them,
// lib/api/server/loaders/costs, not even for a type).

/** `GET costs`: every input, the audit trail (newest first) and what an undo would revert. */
export interface CostsData {
  inputs: ShopCostInputs;
  audit: AuditEntry[];
  undoable: AuditEntry | null;
  skus: CostSku[];
}

export interface ImportResult {
  preview: ImportPreview;
  committed: boolean;
  audit?: AuditEntry;
}

type Counts = { adSpend: number; expenses: number; cogs: number };

export interface RestorePreview {
  counts: Counts;
  errors: CsvRowError[];
  replaces: Counts;
}

export interface RestoreResult {
  preview: RestorePreview;
  committed: boolean;
  audit?: AuditEntry;
}

/** A created or updated entry and the audit entry of the change. */
export interface WriteResult<T extends AdSpend | Expense | CogsEntry> {
  item: T;
  audit: AuditEntry;
}

export interface UndoResult {
  undone: AuditEntry;
  audit: AuditEntry;
}
