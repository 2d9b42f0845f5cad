import 'server-only';
import { formatAmount } from '@/lib/costs/amount';
import { CostInputError } from '@/lib/costs/errors';
import type { AdSpend, AuditEntry, CogsEntry, CostSku, Expense, Recurrence, ShopCostInputs } from '@/lib/costs/types';
import { chunks } from '@/lib/db/chunks';
import { commitChanges, type Change, type CostTable, type Db, type Row } from './cost-audit';
import { byKeys, create, readOne, remove, update, type Entity, type New, type Store } from './cost-entity';

// The seller's own cost inputs over the order store's database (SQLite or PostgreSQL). Every write
// goes through cost-audit's commitChanges: applied and recorded (full rows before/after) in one
// transaction, so the trail is never out of step with the tables and every change can be undone.

export { FX_SCOPE, listAudit, undoableEntry, undoLast } from './cost-audit';

// Rows ⇄ the lib/costs shapes.

const adSpendRow = (shopId: string, a: AdSpend): Row => ({
  shop_id: shopId,
  id: a.id,
  day: a.day,
  amount_cents: a.amountCents,
  sku_id: a.skuId,
  product_id: a.productId,
  campaign: a.campaign,
});
const expenseRow = (shopId: string, e: Expense): Row => ({
  shop_id: shopId,
  id: e.id,
  name: e.name,
  amount_cents: e.amountCents,
  recurrence: e.recurrence,
  start_day: e.startDay,
  end_day: e.endDay,
});
const cogsRow = (shopId: string, c: CogsEntry): Row => ({
  shop_id: shopId,
  id: c.id,
  sku_id: c.skuId,
  from_day: c.fromDay,
  unit_cost_cents: c.unitCostCents,
});

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const toAdSpend = (r: Record<string, unknown>): AdSpend => ({
  id: String(r.id),
  day: String(r.day),
  amountCents: Number(r.amount_cents),
  skuId: str(r.sku_id),
  productId: str(r.product_id),
  campaign: str(r.campaign),
});
const toExpense = (r: Record<string, unknown>): Expense => ({
  id: String(r.id),
  name: String(r.name),
  amountCents: Number(r.amount_cents),
  recurrence: String(r.recurrence) as Recurrence,
  startDay: String(r.start_day),
  endDay: str(r.end_day),
});
const toCogs = (r: Record<string, unknown>): CogsEntry => ({
  id: String(r.id),
  skuId: String(r.sku_id),
  fromDay: String(r.from_day),
  unitCostCents: Number(r.unit_cost_cents),
});

/** The shop's inputs: ad spend of `range` when given (all otherwise), every expense and COGS entry; sorted. */
export async function readCostInputs(
  db: Db,
  shopId: string,
  range?: { from: string; to: string },
): Promise<ShopCostInputs> {
  let adQuery = db.selectFrom('st_your_ad_spend').selectAll().where('shop_id', '=', shopId);
  if (range) adQuery = adQuery.where('day', '>=', range.from).where('day', '<=', range.to);
  const [ad, expenses, cogs] = await Promise.all([
    adQuery.execute(),
    db.selectFrom('st_your_expense').selectAll().where('shop_id', '=', shopId).execute(),
    readCogsEntries(db, shopId),
  ]);
  return {
    adSpend: ad.map(toAdSpend).sort(
      byKeys(
        (a) => a.day,
        (a) => a.id,
      ),
    ),
    expenses: expenses.map(toExpense).sort(
      byKeys(
        (e) => e.startDay,
        (e) => e.name,
        (e) => e.id,
      ),
    ),
    cogs,
  };
}

/** The shop's dated COGS entries alone (what an orders page re-costs its lines with), sorted. */
export async function readCogsEntries(db: Db, shopId: string): Promise<CogsEntry[]> {
  const rows = await db.selectFrom('st_your_cogs').selectAll().where('shop_id', '=', shopId).execute();
  return rows.map(toCogs).sort(
    byKeys(
      (c) => c.skuId,
      (c) => c.fromDay,
      (c) => c.id,
    ),
  );
}

/**
 * The SKUs a cost can be aimed at: the synced catalog (price, the service's unit COGS) and the
 * names seen in orders (a SKU sold but no longer listed still appears), sorted by product and SKU.
 */
export async function costSkus(db: Db, shopId: string): Promise<CostSku[]> {
  const [catalog, names] = await Promise.all([
    db.selectFrom('st_catalog_sku').selectAll().where('shop_id', '=', shopId).execute(),
    db.selectFrom('st_sku_name').selectAll().where('shop_id', '=', shopId).execute(),
  ]);
  const out = new Map<string, CostSku>();
  for (const c of catalog) {
    out.set(c.sku_id, {
      skuId: c.sku_id,
      productId: c.product_id,
      productName: c.product_name,
      skuName: '',
      sellerSku: c.seller_sku,
      priceCents: Number(c.price_cents),
      serviceUnitCogsCents: c.cogs_cents === null || c.cogs_cents === undefined ? null : Number(c.cogs_cents),
    });
  }
  for (const n of names) {
    const known = out.get(n.sku_id);
    out.set(n.sku_id, {
      skuId: n.sku_id,
      productId: n.product_id,
      productName: n.product_name,
      skuName: n.sku_name,
      sellerSku: n.seller_sku,
      priceCents: known?.priceCents ?? null,
      serviceUnitCogsCents: known?.serviceUnitCogsCents ?? null,
    });
  }
  return [...out.values()].sort(
    byKeys(
      (s) => s.productName,
      (s) => s.skuName,
      (s) => s.skuId,
    ),
  );
}

// Summaries: one sentence a seller reads in the trail.

async function skuText(db: Db, shopId: string, skuId: string): Promise<string> {
  const row =
    (await db
      .selectFrom('st_sku_name')
      .select(['seller_sku', 'sku_name'])
      .where('shop_id', '=', shopId)
      .where('sku_id', '=', skuId)
      .executeTakeFirst()) ??
    (await db
      .selectFrom('st_catalog_sku')
      .select(['seller_sku'])
      .where('shop_id', '=', shopId)
      .where('sku_id', '=', skuId)
      .executeTakeFirst());
  return `SKU ${row?.seller_sku || skuId}`;
}

async function targetText(
  db: Db,
  shopId: string,
  a: { skuId: string | null; productId: string | null },
): Promise<string> {
  if (a.skuId) return `for ${await skuText(db, shopId, a.skuId)}`;
  if (a.productId) {
    const row = await db
      .selectFrom('st_catalog_sku')
      .select('product_name')
      .where('shop_id', '=', shopId)
      .where('product_id', '=', a.productId)
      .executeTakeFirst();
    return `for product ${row?.product_name ?? a.productId}`;
  }
  return 'for the whole shop';
}

const recurrenceText = (e: New<Expense>) =>
  e.recurrence === 'once'
    ? `once on ${e.startDay}`
    : `${e.recurrence} from ${e.startDay}${e.endDay ? ` to ${e.endDay}` : ''}`;

async function adSpendText(db: Db, shopId: string, a: New<AdSpend>): Promise<string> {
  return `${formatAmount(a.amountCents)} on ${a.day} ${await targetText(db, shopId, a)}${a.campaign ? ` (campaign "${a.campaign}")` : ''}`;
}

// One entry: create, update, delete, each a change set of one row.

const AD_SPEND: Entity<AdSpend> = {
  table: 'st_your_ad_spend',
  toRow: adSpendRow,
  fromRow: toAdSpend,
  notFound: 'That ad spend row no longer exists (it was deleted or undone). Reload to see the current list.',
};
const EXPENSE: Entity<Expense> = {
  table: 'st_your_expense',
  toRow: expenseRow,
  fromRow: toExpense,
  notFound: 'That expense no longer exists (it was deleted or undone). Reload to see the current list.',
};
const COGS: Entity<CogsEntry> = {
  table: 'st_your_cogs',
  toRow: cogsRow,
  fromRow: toCogs,
  notFound: 'That COGS entry no longer exists (it was deleted or undone). Reload to see the current list.',
};

export async function createAdSpend(
  db: Store,
  shopId: string,
  fields: New<AdSpend>,
): Promise<{ item: AdSpend; audit: AuditEntry }> {
  return create(db, AD_SPEND, shopId, fields, `Added ad spend ${await adSpendText(db, shopId, fields)}`);
}
export async function updateAdSpend(
  db: Store,
  shopId: string,
  id: string,
  fields: New<AdSpend>,
): Promise<{ item: AdSpend; audit: AuditEntry }> {
  const text = await adSpendText(db, shopId, fields);
  return update(
    db,
    AD_SPEND,
    shopId,
    id,
    fields,
    (before) => `Changed ad spend ${formatAmount(before.amountCents)} on ${before.day} to ${text}`,
  );
}
export async function deleteAdSpend(db: Store, shopId: string, id: string): Promise<{ audit: AuditEntry }> {
  return remove(
    db,
    AD_SPEND,
    shopId,
    id,
    async (before) => `Deleted ad spend ${await adSpendText(db, shopId, before)}`,
  );
}

export async function createExpense(
  db: Store,
  shopId: string,
  fields: New<Expense>,
): Promise<{ item: Expense; audit: AuditEntry }> {
  return create(
    db,
    EXPENSE,
    shopId,
    fields,
    `Added expense "${fields.name}" ${formatAmount(fields.amountCents)} ${recurrenceText(fields)}`,
  );
}
export async function updateExpense(
  db: Store,
  shopId: string,
  id: string,
  fields: New<Expense>,
): Promise<{ item: Expense; audit: AuditEntry }> {
  return update(
    db,
    EXPENSE,
    shopId,
    id,
    fields,
    (before) =>
      `Changed expense "${before.name}" to "${fields.name}" ${formatAmount(fields.amountCents)} ${recurrenceText(fields)}`,
  );
}
export async function deleteExpense(db: Store, shopId: string, id: string): Promise<{ audit: AuditEntry }> {
  return remove(
    db,
    EXPENSE,
    shopId,
    id,
    (before) => `Deleted expense "${before.name}" ${formatAmount(before.amountCents)} ${recurrenceText(before)}`,
  );
}

/** Refuses a second COGS entry for the same SKU and day, naming the one that exists. */
async function checkCogsFree(db: Db, shopId: string, fields: New<CogsEntry>, ownId: string | null): Promise<void> {
  const clash = await db
    .selectFrom('st_your_cogs')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('sku_id', '=', fields.skuId)
    .where('from_day', '=', fields.fromDay)
    .executeTakeFirst();
  if (clash && clash.id !== ownId) {
    throw new CostInputError(
      'CONFLICT',
      `${await skuText(db, shopId, fields.skuId)} already has a unit cost from ${fields.fromDay} (${formatAmount(Number(clash.unit_cost_cents))}, entry ${clash.id}): edit that entry instead.`,
    );
  }
}

export async function createCogs(
  db: Store,
  shopId: string,
  fields: New<CogsEntry>,
): Promise<{ item: CogsEntry; audit: AuditEntry }> {
  await checkCogsFree(db, shopId, fields, null);
  return create(
    db,
    COGS,
    shopId,
    fields,
    `Set the unit cost of ${await skuText(db, shopId, fields.skuId)} to ${formatAmount(fields.unitCostCents)} from ${fields.fromDay}`,
  );
}
export async function updateCogs(
  db: Store,
  shopId: string,
  id: string,
  fields: New<CogsEntry>,
): Promise<{ item: CogsEntry; audit: AuditEntry }> {
  await readOne(db, COGS, shopId, id);
  await checkCogsFree(db, shopId, fields, id);
  const sku = await skuText(db, shopId, fields.skuId);
  return update(
    db,
    COGS,
    shopId,
    id,
    fields,
    (before) =>
      `Changed the unit cost of ${sku} (${formatAmount(before.unitCostCents)} from ${before.fromDay}) to ${formatAmount(fields.unitCostCents)} from ${fields.fromDay}`,
  );
}
export async function deleteCogs(db: Store, shopId: string, id: string): Promise<{ audit: AuditEntry }> {
  return remove(
    db,
    COGS,
    shopId,
    id,
    async (before) =>
      `Removed the unit cost ${formatAmount(before.unitCostCents)} of ${await skuText(db, shopId, before.skuId)} from ${before.fromDay}`,
  );
}

// Bulk changes: an import and a restore are one entry each, undone as one.

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
