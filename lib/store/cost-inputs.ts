import 'server-only';
import { formatAmount } from '@/lib/costs/amount';
import { CostInputError } from '@/lib/costs/errors';
import type { AdSpend, AuditEntry, CogsEntry, CostSku, Expense, ShopCostInputs } from '@/lib/costs/types';
import type { Db } from './cost-audit';
import { adSpendRow, cogsRow, expenseRow, toAdSpend, toCogs, toExpense } from './cost-rows';
import { byKeys, create, readOne, remove, update, type Entity, type New, type Store } from './cost-entity';

// The seller's own cost inputs over the order store's database (SQLite or PostgreSQL): reads and
// the changes of one entry (bulk changes, an import and a restore, are ./cost-bulk's). Every write
// goes through cost-audit's commitChanges: applied and recorded (full rows before/after) in one
// transaction, so the trail is never out of step with the tables and every change can be undone.

export { FX_SCOPE, listAudit, undoableEntry, undoLast } from './cost-audit';

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

/** "SKU SHIRT-M": by its stored seller SKU, else the one the caller read (`known`), else its id. */
async function skuText(db: Db, shopId: string, skuId: string, known?: string): Promise<string> {
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
  return `SKU ${row?.seller_sku || known || skuId}`;
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

/** `sellerSku`: the SKU's seller SKU as the caller read it (the catalog may not be stored yet), for the history's sentence. */
export async function createCogs(
  db: Store,
  shopId: string,
  fields: New<CogsEntry>,
  sellerSku?: string,
): Promise<{ item: CogsEntry; audit: AuditEntry }> {
  await checkCogsFree(db, shopId, fields, null);
  return create(
    db,
    COGS,
    shopId,
    fields,
    `Set the unit cost of ${await skuText(db, shopId, fields.skuId, sellerSku)} to ${formatAmount(fields.unitCostCents)} from ${fields.fromDay}`,
  );
}
export async function updateCogs(
  db: Store,
  shopId: string,
  id: string,
  fields: New<CogsEntry>,
  sellerSku?: string,
): Promise<{ item: CogsEntry; audit: AuditEntry }> {
  await readOne(db, COGS, shopId, id);
  await checkCogsFree(db, shopId, fields, id);
  const sku = await skuText(db, shopId, fields.skuId, sellerSku);
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
