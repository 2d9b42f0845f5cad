import 'server-only';
import { storeDb } from '@/lib/server/store-db';
import type { AuditEntry, FxRate } from '@/lib/costs/types';
import * as trail from '@/lib/store/cost-audit';
import * as store from '@/lib/store/fx-rates';

// The seller's exchange rates (every shop of the key shares them) and their own trail (scope `fx`).
// Their changes: ../actions/fx-rates.

export interface FxRatesData {
  rates: FxRate[];
  audit: AuditEntry[];
  undoable: AuditEntry | null;
}

export async function loadFxRates(): Promise<FxRatesData> {
  const d = await storeDb();
  const [rates, audit, undoable] = await Promise.all([
    store.readFxRates(d),
    trail.listAudit(d, trail.FX_SCOPE),
    trail.undoableEntry(d, trail.FX_SCOPE),
  ]);
  return { rates, audit, undoable };
}
