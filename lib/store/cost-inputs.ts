import 'server-only';
import type { Kysely } from 'kysely';
import { CostInputError } from '@/lib/costs/errors';
import type { HistoryNames, HistoryTexts, StoredKind } from '@/lib/costs/kind';
import { COGS_KIND } from '@/lib/costs/kind-cogs';
import { text, type HistoryValues } from '@/lib/costs/history';
import { plainWords } from '@/lib/costs/history-sentence';
import { emptyInputs, kindRates, KINDS, type KindRates, type ShopCostInputs } from '@/lib/costs/kinds';
import type { AuditEntry, CogsEntry, CostSku } from '@/lib/costs/types';
import type { Db, Row } from './cost-audit';
import { byKeyList, byKeys, create, kindEntity, readOne, remove, update, type New, type Store } from './cost-entity';

// The seller's own cost inputs over the order store's database (SQLite or PostgreSQL): reads and
// the changes of one entry (bulk changes, an import and a restore, are ./cost-bulk's). Every write
// goes through cost-audit's commitChanges: applied and recorded (full rows before/after) in one
// transaction, so the trail is never out of step with the tables and every change can be undone.

export { FX_SCOPE, listAudit, undoableEntry, undoLast } from './cost-audit';

type Loose = Kysely<Record<string, Row>>;

/** The rows of one kind of the shop (`range`: only those of its days, for kinds of one day each), sorted. */
export async function readKind<T extends { id: string }>(
  db: Db,
  kind: StoredKind<T>,
  shopId: string,
  range?: { from: string; to: string },
): Promise<T[]> {
  let query = (db as unknown as Loose).selectFrom(kind.store.table).selectAll().where('shop_id', '=', shopId);
  if (kind.store.table === 'st_your_cost_entry') query = query.where('kind', '=', kind.id);
  const column = kind.store.rangeColumn;
  if (range && column) query = query.where(column, '>=', range.from).where(column, '<=', range.to);
  const rows = await query.execute();
  return rows.map((r) => kind.store.fromRow(r)).sort(byKeyList(kind.store.sortKeys));
}

/** The shop's inputs of every kind (lib/costs/kinds): one-day kinds of `range` when given (all otherwise). */
export async function readCostInputs(
  db: Db,
  shopId: string,
  range?: { from: string; to: string },
): Promise<ShopCostInputs> {
  const lists = await Promise.all(KINDS.map((k) => readKind(db, k, shopId, range)));
  const out = emptyInputs() as unknown as Record<string, unknown[]>;
  KINDS.forEach((k, i) => (out[k.id] = lists[i]!));
  return out as unknown as ShopCostInputs;
}

/** The shop's dated COGS entries alone (what an orders page re-costs its lines with), sorted. */
export async function readCogsEntries(db: Db, shopId: string): Promise<CogsEntry[]> {
  return readKind(db, COGS_KIND, shopId);
}

/** The shop's charged kinds with entries and their rates (what an orders page charges its lines with). */
export async function readChargedRates(db: Db, shopId: string): Promise<KindRates[]> {
  const charged = KINDS.filter((k) => k.charges);
  const lists = await Promise.all(charged.map((k) => readKind(db, k, shopId)));
  const out = emptyInputs() as unknown as Record<string, unknown[]>;
  charged.forEach((k, i) => (out[k.id] = lists[i]!));
  return kindRates(out as unknown as ShopCostInputs);
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

/** A SKU's seller SKU: the stored one, else the one the caller read (`known`), else null. */
async function sellerSkuOf(db: Db, shopId: string, skuId: string, known?: string): Promise<string | null> {
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
  return row?.seller_sku || known || null;
}

/** How the history names SKUs and targets of this shop (`sellerSku`: the one the caller read, for a SKU not stored yet). */
export function historyNames(db: Db, shopId: string, sellerSku?: string): HistoryNames {
  const sku = async (skuId: string, known?: string) => ({
    sku: skuId,
    sellerSku: await sellerSkuOf(db, shopId, skuId, known ?? sellerSku),
  });
  return {
    sku,
    async target(a): Promise<HistoryValues> {
      if (a.skuId) return { on: text('sku'), sku: await sku(a.skuId) };
      if (!a.productId) return { on: text('shop') };
      const row = await db
        .selectFrom('st_catalog_sku')
        .select('product_name')
        .where('shop_id', '=', shopId)
        .where('product_id', '=', a.productId)
        .executeTakeFirst();
      return { on: text('product'), product: text(row?.product_name ?? a.productId) };
    },
  };
}

/** How a refusal names SKUs and targets of this shop: "SKU SHIRT-M", "for the whole shop". */
function historyTexts(db: Db, shopId: string): HistoryTexts {
  const names = historyNames(db, shopId);
  const sku = async (skuId: string, known?: string) => `SKU ${plainWords(await names.sku(skuId, known))}`;
  return {
    sku,
    async target(a) {
      const t = await names.target(a);
      return t.sku
        ? `for ${await sku(a.skuId!)}`
        : t.product
          ? `for product ${plainWords(t.product)}`
          : 'for the whole shop';
    },
  };
}

// One entry of any kind: create, update, delete, each a change set of one row.

/** Refuses a second entry sharing the kind's unique columns (a SKU's unit cost on a day), naming the one that exists. */
async function checkFree<T extends { id: string }>(
  db: Db,
  kind: StoredKind<T>,
  shopId: string,
  fields: New<T>,
  ownId: string | null,
): Promise<void> {
  const unique = kind.store.unique;
  if (!unique) return;
  const row = kind.store.toRow(shopId, { ...fields, id: '' } as T);
  let query = (db as unknown as Loose).selectFrom(kind.store.table).selectAll().where('shop_id', '=', shopId);
  if (kind.store.table === 'st_your_cost_entry') query = query.where('kind', '=', kind.id);
  for (const column of unique.columns) {
    const value = row[column] ?? null;
    query = value === null ? query.where(column, 'is', null) : query.where(column, '=', value);
  }
  const clash = await query.executeTakeFirst();
  if (clash && String(clash.id) !== ownId)
    throw new CostInputError('CONFLICT', await unique.message(kind.store.fromRow(clash), historyTexts(db, shopId)));
}

/** `sellerSku`: the entry's SKU's seller SKU as the caller read it (the catalog may not be stored yet), for the history. */
export async function createEntry<T extends { id: string }>(
  db: Store,
  kind: StoredKind<T>,
  shopId: string,
  fields: New<T>,
  sellerSku?: string,
): Promise<{ item: T; audit: AuditEntry }> {
  await checkFree(db, kind, shopId, fields, null);
  const names = historyNames(db, shopId, sellerSku);
  return create(db, kindEntity(kind), shopId, fields, (item) => kind.history.values(item, names));
}

export async function updateEntry<T extends { id: string }>(
  db: Store,
  kind: StoredKind<T>,
  shopId: string,
  id: string,
  fields: New<T>,
  sellerSku?: string,
): Promise<{ item: T; audit: AuditEntry }> {
  const entity = kindEntity(kind);
  await readOne(db, entity, shopId, id);
  await checkFree(db, kind, shopId, fields, id);
  const names = historyNames(db, shopId, sellerSku);
  return update(db, entity, shopId, id, fields, (item) => kind.history.values(item, names));
}

export async function deleteEntry<T extends { id: string }>(
  db: Store,
  kind: StoredKind<T>,
  shopId: string,
  id: string,
): Promise<{ audit: AuditEntry }> {
  const names = historyNames(db, shopId);
  return remove(db, kindEntity(kind), shopId, id, (item) => kind.history.values(item, names));
}
