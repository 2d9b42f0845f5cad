import 'server-only';
import { count, daySpan, type HistoryDetail } from '@/lib/costs/history';
import { AD_SPEND_KIND } from '@/lib/costs/kind-ad-spend';
import { COGS_KIND } from '@/lib/costs/kind-cogs';
import { itemsOf, KINDS, type ShopCostInputs } from '@/lib/costs/kinds';
import type { AdSpend, AuditEntry, CogsEntry } from '@/lib/costs/types';
import { chunks } from '@/lib/db/chunks';
import { commitChanges, type Change, type CostTable, type Db, type Row } from './cost-audit';
import type { New, Store } from './cost-entity';
import { readCogsEntries, readCostInputs } from './cost-inputs';

const adSpendRow = AD_SPEND_KIND.store.toRow;
const cogsRow = COGS_KIND.store.toRow;

// The seller's cost inputs changed in bulk: an ad spend import, a unit cost import and a backup's
// restore are one audit entry each (cost-audit's commitChanges), undone as one.

/** An import's history entry: how many rows, the days they cover, how many stored ones they replace. */
const imported = (kind: string, rows: number, days: readonly string[], replaced: number): HistoryDetail => ({
  kind,
  action: 'import',
  values: { count: count(rows), ...daySpan(days), replaced: count(replaced) },
});

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
    existing.push(...found.map(AD_SPEND_KIND.store.fromRow));
  }
  const added = rows.map((r) => ({ ...r, id: crypto.randomUUID() }));
  const changes: Change[] = [
    ...existing.map((a) => ({
      table: 'st_your_ad_spend' as const,
      id: a.id,
      before: adSpendRow(shopId, a),
      after: null,
    })),
    ...added.map((a) => ({
      table: 'st_your_ad_spend' as const,
      id: a.id,
      before: null,
      after: adSpendRow(shopId, a),
    })),
  ];
  const detail = imported(AD_SPEND_KIND.id, added.length, days, existing.length);
  const audit = await commitChanges(db, shopId, detail, changes);
  return { audit, replaced: existing.length, imported: added };
}

/**
 * Sets each row's unit cost of its SKU from its day, as one undoable entry: a SKU's entry on the
 * same day is replaced (its id kept), any other entry is left as it is.
 */
export async function importCogs(
  db: Store,
  shopId: string,
  rows: readonly New<CogsEntry>[],
): Promise<{ audit: AuditEntry; replaced: number }> {
  const existing = new Map((await readCogsEntries(db, shopId)).map((c) => [`${c.skuId} ${c.fromDay}`, c]));
  const changes: Change[] = rows.map((r) => {
    const before = existing.get(`${r.skuId} ${r.fromDay}`);
    const id = before?.id ?? crypto.randomUUID();
    return {
      table: 'st_your_cogs' as const,
      id,
      before: before ? cogsRow(shopId, before) : null,
      after: cogsRow(shopId, { ...r, id }),
    };
  });
  const replaced = changes.filter((c) => c.before !== null).length;
  const detail = imported(
    COGS_KIND.id,
    rows.length,
    rows.map((r) => r.fromDay),
    replaced,
  );
  return { audit: await commitChanges(db, shopId, detail, changes), replaced };
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

/** Replaces every input of the shop with `inputs` (a backup), as one undoable entry. */
export async function restoreInputs(db: Store, shopId: string, inputs: ShopCostInputs): Promise<{ audit: AuditEntry }> {
  const current = await readCostInputs(db, shopId);
  const changes = KINDS.flatMap((k) =>
    diff(
      k.store.table,
      itemsOf(current, k.id).map((item) => k.store.toRow(shopId, item)),
      itemsOf(inputs, k.id).map((item) => k.store.toRow(shopId, item)),
    ),
  );
  const values = Object.fromEntries(KINDS.map((k) => [k.id, count(itemsOf(inputs, k.id).length)]));
  return { audit: await commitChanges(db, shopId, { kind: 'backup', action: 'restore', values }, changes) };
}
