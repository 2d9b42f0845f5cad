import type { Kysely } from 'kysely';
import type { Migration } from '@/lib/db/migrate';
import { readLegacyLine, skuOfChanges } from './history-legacy';

// Store step v21 (lib/store/migrations): the history of the seller's inputs written structured
// (lib/costs/history). Each line written as text is read back into its entry (./history-legacy;
// one that cannot be read keeps its text, shown as it was), then the text column goes.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration predates any typed schema
async function structureHistory(db: Kysely<any>): Promise<void> {
  const rows = (await db
    .selectFrom('st_your_costs_audit')
    .select(['scope', 'id', 'action', 'summary', 'changes'])
    .execute()) as { scope: string; id: string; action: string; summary: string; changes: string }[];
  for (const row of rows) {
    const detail = readLegacyLine(row.summary, row.action, skuOfChanges(row.changes));
    await db
      .updateTable('st_your_costs_audit')
      .set({ detail: JSON.stringify(detail) })
      .where('scope', '=', row.scope)
      .where('id', '=', row.id)
      .execute();
  }
}

export const HISTORY_STRUCTURED: Migration = () => [
  `ALTER TABLE st_your_costs_audit ADD COLUMN detail TEXT NOT NULL DEFAULT '{}'`,
  structureHistory,
  `ALTER TABLE st_your_costs_audit DROP COLUMN summary`,
];
