import type { Kysely } from 'kysely';
import type { PricingScenarioTable } from './pricing-tables';
import type { StoreDatabase } from './schema';

// A shop's saved pricing scenarios (docs/ARCHITECTURE.md#pricing): rows of text. The rules (a
// valid scenario, a name not taken) are the action's (lib/server/actions/pricing).

export type PricingScenarioRow = PricingScenarioTable;

export async function listScenarios(db: Kysely<StoreDatabase>, shopId: string): Promise<PricingScenarioRow[]> {
  const rows = await db.selectFrom('st_pricing_scenario').selectAll().where('shop_id', '=', shopId).execute();
  return rows
    .map((r) => ({ ...r, created_at: Number(r.created_at), updated_at: Number(r.updated_at) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

/**
 * Inserts the row, or (its id stored already) renames/updates it, keeping who saved it first and
 * when. Answers false for an update of an id the shop has not.
 */
export async function saveScenario(
  db: Kysely<StoreDatabase>,
  row: PricingScenarioRow,
  { update }: { update: boolean },
): Promise<boolean> {
  if (!update) {
    await db.insertInto('st_pricing_scenario').values(row).execute();
    return true;
  }
  const result = await db
    .updateTable('st_pricing_scenario')
    .set({ name: row.name, changes: row.changes, elasticity: row.elasticity, updated_at: row.updated_at })
    .where('shop_id', '=', row.shop_id)
    .where('id', '=', row.id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a scenario; false when the shop has none with that id. */
export async function deleteScenario(db: Kysely<StoreDatabase>, shopId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('st_pricing_scenario')
    .where('shop_id', '=', shopId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
