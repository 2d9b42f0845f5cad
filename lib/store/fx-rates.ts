import 'server-only';
import { CostInputError } from '@/lib/costs/errors';
import { day, text } from '@/lib/costs/history';
import type { AuditEntry, FxRate } from '@/lib/costs/types';
import { FX_SCOPE, type Db, type Row } from './cost-audit';
import { byKeys, create, readOne, remove, update, type Entity, type New, type Store } from './cost-entity';

// Exchange rates: seller level (every shop of the key), their own trail (scope `fx`).

const fxRow = (r: FxRate): Row => ({
  id: r.id,
  currency: r.currency,
  target: r.target,
  from_day: r.fromDay,
  rate: r.rate,
});
const toFx = (r: Record<string, unknown>): FxRate => ({
  id: String(r.id),
  currency: String(r.currency),
  target: String(r.target),
  fromDay: String(r.from_day),
  rate: String(r.rate),
});
const FX: Entity<FxRate> = {
  table: 'st_fx_rate',
  toRow: (_scope, r) => fxRow(r),
  fromRow: toFx,
  notFound: 'That exchange rate no longer exists (it was deleted or undone). Reload to see the current list.',
  history: 'rate',
};

export async function readFxRates(db: Db): Promise<FxRate[]> {
  const rows = await db.selectFrom('st_fx_rate').selectAll().execute();
  return rows.map(toFx).sort(
    byKeys(
      (r) => r.currency,
      (r) => r.target,
      (r) => r.fromDay,
    ),
  );
}

/** A rate's values in the history (lib/costs/history's rate sentences). */
const rateValues = (r: New<FxRate>) => ({
  currency: text(r.currency),
  rate: text(r.rate),
  target: text(r.target),
  day: day(r.fromDay),
});

async function checkFxFree(db: Db, fields: New<FxRate>, ownId: string | null): Promise<void> {
  const clash = await db
    .selectFrom('st_fx_rate')
    .selectAll()
    .where('currency', '=', fields.currency)
    .where('target', '=', fields.target)
    .where('from_day', '=', fields.fromDay)
    .executeTakeFirst();
  if (clash && clash.id !== ownId) {
    throw new CostInputError(
      'CONFLICT',
      `There is already a ${fields.currency} → ${fields.target} rate from ${fields.fromDay} (${clash.rate}, entry ${clash.id}): edit that one instead.`,
    );
  }
}

export async function createFxRate(db: Store, fields: New<FxRate>): Promise<{ item: FxRate; audit: AuditEntry }> {
  await checkFxFree(db, fields, null);
  return create(db, FX, FX_SCOPE, fields, rateValues);
}
export async function updateFxRate(
  db: Store,
  id: string,
  fields: New<FxRate>,
): Promise<{ item: FxRate; audit: AuditEntry }> {
  await readOne(db, FX, FX_SCOPE, id);
  await checkFxFree(db, fields, id);
  return update(db, FX, FX_SCOPE, id, fields, rateValues);
}
export async function deleteFxRate(db: Store, id: string): Promise<{ audit: AuditEntry }> {
  return remove(db, FX, FX_SCOPE, id, rateValues);
}
