import type { AuditEntry } from './types';

/** The undo button's words: "Undo Maria’s change: Added …", naming whose change it takes back. */
export function undoLabel(entry: AuditEntry): string {
  return entry.by ? `Undo ${entry.by}’s change: ${entry.summary}` : `Undo: ${entry.summary}`;
}
