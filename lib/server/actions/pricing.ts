import 'server-only';
import { randomUUID } from 'node:crypto';
import { DashboardError } from '@/lib/api/dashboard-error';
import type { ConnectedShop } from '@/lib/api/schemas';
import type { SavedScenario, ScenarioBody } from '@/lib/pricing/scenario-schemas';
import { getOrderStore } from '@/lib/store';
import { deleteScenario, listScenarios, saveScenario as writeScenario } from '@/lib/store/pricing-scenarios';
import { servingPerson } from '../access';
import { scenarioOfRow } from '../loaders/pricing';

// Saving and deleting the Pricing page's named scenarios (docs/ARCHITECTURE.md#pricing). A saved
// scenario is the URL's text under a name: saving one never changes a stored or reported figure.

const taken = (name: string) => new DashboardError('CONFLICT', `A scenario named “${name}” already exists.`);
const sameName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) === 0;

/** Saves a new scenario, or (with an id) renames/updates one: the scenario as stored. */
export async function saveScenario(shop: ConnectedShop, body: ScenarioBody): Promise<SavedScenario> {
  const person = servingPerson();
  const store = await getOrderStore();
  const existing = await listScenarios(store.db, shop.id);
  if (existing.some((s) => s.id !== body.id && sameName(s.name, body.name))) throw taken(body.name);
  const before = body.id ? existing.find((s) => s.id === body.id) : undefined;
  if (body.id && !before)
    throw new DashboardError('NOT_FOUND', 'That scenario no longer exists. Reload to see the list.');
  const now = Date.now();
  const row = {
    shop_id: shop.id,
    id: before?.id ?? randomUUID(),
    name: body.name,
    changes: body.changes,
    elasticity: body.elasticity == null ? null : String(body.elasticity),
    created_by: before?.created_by ?? person.email,
    created_at: before?.created_at ?? now,
    updated_at: now,
  };
  try {
    if (!(await writeScenario(store.db, row, { update: Boolean(before) })))
      throw new DashboardError('NOT_FOUND', 'That scenario no longer exists. Reload to see the list.');
  } catch (error) {
    // Two saves of the same name at once: the unique index refuses the second.
    if (error instanceof DashboardError) throw error;
    const now2 = await listScenarios(store.db, shop.id);
    if (now2.some((s) => s.id !== row.id && sameName(s.name, body.name))) throw taken(body.name);
    throw error;
  }
  return scenarioOfRow(row);
}

export async function removeScenario(shop: ConnectedShop, id: string): Promise<{ deleted: string }> {
  const store = await getOrderStore();
  if (!(await deleteScenario(store.db, shop.id, id)))
    throw new DashboardError('NOT_FOUND', 'That scenario no longer exists. Reload to see the list.');
  return { deleted: id };
}
