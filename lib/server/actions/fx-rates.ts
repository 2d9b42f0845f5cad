import 'server-only';
import { storeDb } from '@/lib/server/store-db';
import type { FxRateBody } from '@/lib/costs/schemas';
import type { AuditEntry, FxRate } from '@/lib/costs/types';
import * as trail from '@/lib/store/cost-audit';
import * as store from '@/lib/store/fx-rates';

// The seller's exchange rates' changes, each in their trail (scope `fx`) and undoable.

export async function saveFxRate(body: FxRateBody, id?: string): Promise<{ item: FxRate; audit: AuditEntry }> {
  const d = await storeDb();
  return id === undefined ? store.createFxRate(d, body) : store.updateFxRate(d, id, body);
}

export async function removeFxRate(id: string): Promise<{ audit: AuditEntry }> {
  return store.deleteFxRate(await storeDb(), id);
}

export async function undoFxChange(): Promise<{ undone: AuditEntry; audit: AuditEntry }> {
  return trail.undoLast(await storeDb(), trail.FX_SCOPE);
}
