import type { AuditEntry } from './types';

/** The undo button's words: "Undo Maria’s change: Added …", naming whose change it takes back (`sentence`: the entry in words). */
export function undoLabel(entry: Pick<AuditEntry, 'by'>, sentence: string): string {
  return entry.by ? `Undo ${entry.by}’s change: ${sentence}` : `Undo: ${sentence}`;
}
