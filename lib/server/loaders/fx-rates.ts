import 'server-only';
import type { FxRateBody } from '@/lib/costs/schemas';
import type { AuditEntry, FxRate } from '@/lib/costs/types';
import { getOrderStore } from '@/lib/store';
import * as trail from '@/lib/store/cost-audit';
import * as store from '@/lib/store/fx-rates';

// The seller's exchange rates (every shop of the key shares them) and their own trail (scope `fx`).

export interface FxRatesData {
  rates: FxRate[];
  audit: AuditEntry[];
  undoable: AuditEntry | null;
}

async function db() {
  return (await getOrderStore()).db;
}

export async function loadFxRates(): Promise<FxRatesData> {
  const d = await db();
  const [rates, audit, undoable] = await Promise.all([
    store.readFxRates(d),
    trail.listAudit(d, trail.FX_SCOPE),
    trail.undoableEntry(d, trail.FX_SCOPE),
  ]);
  return { rates, audit, undoable };
}

export async function saveFxRate(body: FxRateBody, id?: string): Promise<{ item: FxRate; audit: AuditEntry }> {
  const d = await db();
  return id === undefined ? store.createFxRate(d, body) : store.updateFxRate(d, id, body);
}

export async function removeFxRate(id: string): Promise<{ audit: AuditEntry }> {
  return store.deleteFxRate(await db(), id);
}

export async function undoFxChange(): Promise<{ undone: AuditEntry; audit: AuditEntry }> {
  return trail.undoLast(await db(), trail.FX_SCOPE);
}
