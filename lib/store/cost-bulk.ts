import 'server-only';
import type { AdSpend, AuditEntry, ShopCostInputs } from '@/lib/costs/types';
import { chunks } from '@/lib/db/chunks';
import { commitChanges, type Change, type CostTable, type Db, type Row } from './cost-audit';
import type { New, Store } from './cost-entity';
import { readCostInputs } from './cost-inputs';
import { adSpendRow, cogsRow, expenseRow, toAdSpend } from './cost-rows';

// The seller's cost inputs changed in bulk: an ad spend import and a backup's restore are one
// audit entry each (cost-audit's commitChanges), undone as one.

/** How many stored ad spend rows lie on `days` (what an import of those days replaces). */
export async function countAdSpendOnDays(db: Db, shopId: string, days: readonly string[]): Promise<number> {
  let n = 0;
  for (const batch of chunks([...new Set(days)], 400)) {
    const row = await db
      .selectFrom('st_your_ad_spend')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('shop_id', '=', shopId)
      .where('day', 'in', batch)
      .executeTakeFirst();
    n += Number(row?.n ?? 0);
  }
  return n;
}

/**
 * Replaces the ad spend of every day the rows cover with the rows (re-importing a month never
 * counts it twice), as one undoable entry.
 */
export async function importAdSpend(
  db: Store,
  shopId: string,
  rows: readonly New<AdSpend>[],
): Promise<{ audit: AuditEntry; replaced: number; imported: AdSpend[] }> {
  const days = [...new Set(rows.map((r) => r.day))].sort();
  const existing: AdSpend[] = [];
  for (const batch of chunks(days, 400)) {
    const found = await db
      .selectFrom('st_your_ad_spend')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('day', 'in', batch)
      .execute();
    existing.push(...found.map(toAdSpend));
  }
  const imported = rows.map((r) => ({ ...r, id: crypto.randomUUID() }));
  const changes: Change[] = [
    ...existing.map((a) => ({
      table: 'st_your_ad_spend' as const,
      id: a.id,
      before: adSpendRow(shopId, a),
      after: null,
    })),
    ...imported.map((a) => ({
      table: 'st_your_ad_spend' as const,
      id: a.id,
      before: null,
      after: adSpendRow(shopId, a),
    })),
  ];
  const span = days.length === 0 ? '' : days.length === 1 ? ` (${days[0]})` : ` (${days[0]} … ${days.at(-1)})`;
  const replacing =
    existing.length > 0 ? `, replacing ${existing.length} ${existing.length === 1 ? 'row' : 'rows'}` : '';
  const summary = `Imported ${imported.length} ad spend ${imported.length === 1 ? 'row' : 'rows'}${span}${replacing}`;
  const audit = await commitChanges(db, shopId, 'import', summary, changes);
  return { audit, replaced: existing.length, imported };
}

/** Per-id change set turning `from` rows into `to` rows (a kept id whose row is unchanged is left alone). */
function diff(table: CostTable, from: Row[], to: Row[]): Change[] {
  const before = new Map(from.map((r) => [String(r.id), r]));
  const after = new Map(to.map((r) => [String(r.id), r]));
  const changes: Change[] = [];
  for (const [id, row] of before) {
    const next = after.get(id) ?? null;
    if (JSON.stringify(row) !== JSON.stringify(next)) changes.push({ table, id, before: row, after: next });
  }
  for (const [id, row] of after) if (!before.has(id)) changes.push({ table, id, before: null, after: row });
  return changes;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Replaces every input of the shop with `inputs` (a backup), as one undoable entry. */
export async function restoreInputs(db: Store, shopId: string, inputs: ShopCostInputs): Promise<{ audit: AuditEntry }> {
  const current = await readCostInputs(db, shopId);
  const changes = [
    ...diff(
      'st_your_ad_spend',
      current.adSpend.map((a) => adSpendRow(shopId, a)),
      inputs.adSpend.map((a) => adSpendRow(shopId, a)),
    ),
    ...diff(
      'st_your_expense',
      current.expenses.map((e) => expenseRow(shopId, e)),
      inputs.expenses.map((e) => expenseRow(shopId, e)),
    ),
    ...diff(
      'st_your_cogs',
      current.cogs.map((c) => cogsRow(shopId, c)),
      inputs.cogs.map((c) => cogsRow(shopId, c)),
    ),
  ];
  const summary = `Restored a backup: ${plural(inputs.adSpend.length, 'ad spend row', 'ad spend rows')}, ${plural(inputs.expenses.length, 'expense', 'expenses')}, ${plural(inputs.cogs.length, 'COGS entry', 'COGS entries')}`;
  return { audit: await commitChanges(db, shopId, 'restore', summary, changes) };
}
