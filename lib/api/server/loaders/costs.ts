import 'server-only';
import type { ConnectedShop } from '@/lib/api/schemas';
import { backupCsv, parseBackupCsv } from '@/lib/costs/backup';
import { parseAdSpendCsv, rowErrorsMessage, type CsvRowError, type ImportPreview } from '@/lib/costs/csv-import';
import type { AdSpendBody, CogsBody, CsvUploadBody, ExpenseBody } from '@/lib/costs/schemas';
import { resolveTarget } from '@/lib/costs/targets';
import type { AdSpend, AuditEntry, CogsEntry, CostSku, Expense, ShopCostInputs } from '@/lib/costs/types';
import { getOrderStore } from '@/lib/store';
import * as store from '@/lib/store/cost-inputs';
import { shopLocalDate } from '@/lib/time';
import { DashboardError } from '../dashboard-error';
import { upstream } from '../upstream';
import { iteratePages } from '@/lib/upstream';
import { toCents } from '@/lib/profit';

// The seller's cost inputs of one shop (docs/ARCHITECTURE.md#your-costs): what the costs routes
// answer. A SKU is named by id or seller SKU and resolved against the shop's synced SKUs here, by
// the same rule the CSV import uses.

export interface CostsData {
  inputs: ShopCostInputs;
  /** Newest first, up to 100. */
  audit: AuditEntry[];
  /** What POST undo would revert, or null. */
  undoable: AuditEntry | null;
  skus: CostSku[];
}

async function db() {
  return (await getOrderStore()).db;
}

/**
 * The shop's SKUs a cost may name: the stored catalog (and SKUs seen in orders); before the first
 * sync has stored the catalog, the upstream's catalog read now (interactive, not stored: a GET
 * writes nothing), so a seller can enter costs on a fresh dashboard.
 */
async function shopSkus(shopId: string): Promise<CostSku[]> {
  const stored = await store.costSkus(await db(), shopId);
  if (stored.length > 0) return stored;
  const out: CostSku[] = [];
  for await (const page of iteratePages((page, limit) =>
    upstream().products(shopId, { page, limit }, { priority: 'interactive' }),
  )) {
    for (const p of page.items) {
      for (const sku of p.skus) {
        out.push({
          skuId: sku.id,
          productId: p.productId,
          productName: p.name,
          skuName: '',
          sellerSku: sku.sku,
          priceCents: toCents(sku.price),
          serviceUnitCogsCents: Math.abs(toCents(sku.cogs)),
        });
      }
    }
  }
  return out;
}

export async function loadCosts(shop: ConnectedShop): Promise<CostsData> {
  const d = await db();
  const [inputs, audit, undoable, skus] = await Promise.all([
    store.readCostInputs(d, shop.id),
    store.listAudit(d, shop.id),
    store.undoableEntry(d, shop.id),
    shopSkus(shop.id),
  ]);
  return { inputs, audit, undoable, skus };
}

/** The SKU (and its product) a body aims at, or a 400 naming the field. */
async function target(
  shopId: string,
  body: { skuId: string | null; sellerSku: string | null; productId?: string | null },
) {
  const resolved = resolveTarget(body, await shopSkus(shopId));
  if (!resolved.ok) throw new DashboardError('INVALID_REQUEST', `${resolved.field}: ${resolved.message}`);
  return resolved;
}

export async function saveAdSpend(
  shop: ConnectedShop,
  body: AdSpendBody,
  id?: string,
): Promise<{ item: AdSpend; audit: AuditEntry }> {
  const t = await target(shop.id, body);
  const fields = {
    day: body.day,
    amountCents: body.amount,
    skuId: t.skuId,
    productId: t.productId,
    campaign: body.campaign,
  };
  const d = await db();
  return id === undefined ? store.createAdSpend(d, shop.id, fields) : store.updateAdSpend(d, shop.id, id, fields);
}

export async function removeAdSpend(shop: ConnectedShop, id: string): Promise<{ audit: AuditEntry }> {
  return store.deleteAdSpend(await db(), shop.id, id);
}

export async function saveExpense(
  shop: ConnectedShop,
  body: ExpenseBody,
  id?: string,
): Promise<{ item: Expense; audit: AuditEntry }> {
  const fields = {
    name: body.name,
    amountCents: body.amount,
    recurrence: body.recurrence,
    startDay: body.startDay,
    endDay: body.endDay,
  };
  const d = await db();
  return id === undefined ? store.createExpense(d, shop.id, fields) : store.updateExpense(d, shop.id, id, fields);
}

export async function removeExpense(shop: ConnectedShop, id: string): Promise<{ audit: AuditEntry }> {
  return store.deleteExpense(await db(), shop.id, id);
}

export async function saveCogs(
  shop: ConnectedShop,
  body: CogsBody,
  id?: string,
): Promise<{ item: CogsEntry; audit: AuditEntry }> {
  const t = await target(shop.id, { skuId: body.skuId, sellerSku: body.sellerSku });
  const fields = { skuId: t.skuId!, fromDay: body.fromDay, unitCostCents: body.unitCost };
  const d = await db();
  return id === undefined ? store.createCogs(d, shop.id, fields) : store.updateCogs(d, shop.id, id, fields);
}

export async function removeCogs(shop: ConnectedShop, id: string): Promise<{ audit: AuditEntry }> {
  return store.deleteCogs(await db(), shop.id, id);
}

export async function undoCostChange(shop: ConnectedShop): Promise<{ undone: AuditEntry; audit: AuditEntry }> {
  return store.undoLast(await db(), shop.id);
}

function refuse(errors: readonly CsvRowError[], verb: string): never {
  throw new DashboardError('INVALID_REQUEST', rowErrorsMessage(errors, verb));
}

export interface ImportResult {
  preview: ImportPreview;
  committed: boolean;
  audit?: AuditEntry;
}

/** Previews an ad spend CSV; with `commit`, replaces the ad spend of the file's days with it (all or nothing). */
export async function importAdSpendCsv(shop: ConnectedShop, upload: CsvUploadBody): Promise<ImportResult> {
  const d = await db();
  const preview = parseAdSpendCsv(upload.csv, await shopSkus(shop.id));
  preview.replaces = await store.countAdSpendOnDays(
    d,
    shop.id,
    preview.rows.map((r) => r.day),
  );
  if (!upload.commit) return { preview, committed: false };
  if (preview.errors.length > 0) refuse(preview.errors, 'imported');
  const rows = preview.rows.map(({ day, amountCents, skuId, productId, campaign }) => ({
    day,
    amountCents,
    skuId,
    productId,
    campaign,
  }));
  const { audit, replaced } = await store.importAdSpend(d, shop.id, rows);
  return { preview: { ...preview, replaces: replaced }, committed: true, audit };
}

/** `costs_<shopId>_<today in the shop's zone>.csv`: the id with anything unsafe in a header replaced. */
export function backupFilename(shop: ConnectedShop, now = Date.now()): string {
  return `costs_${shop.id.replace(/[^A-Za-z0-9._-]/g, '-')}_${shopLocalDate(Math.floor(now / 1000), shop.timezone)}.csv`;
}

export async function loadBackup(shop: ConnectedShop): Promise<{ csv: string; filename: string }> {
  return { csv: backupCsv(await store.readCostInputs(await db(), shop.id)), filename: backupFilename(shop) };
}

type Counts = { adSpend: number; expenses: number; cogs: number };
const counts = (inputs: ShopCostInputs): Counts => ({
  adSpend: inputs.adSpend.length,
  expenses: inputs.expenses.length,
  cogs: inputs.cogs.length,
});

export interface RestoreResult {
  preview: { counts: Counts; errors: CsvRowError[]; replaces: Counts };
  committed: boolean;
  audit?: AuditEntry;
}

/** Previews a backup; with `commit`, replaces every input of the shop with it as one undoable change. */
export async function restoreBackup(shop: ConnectedShop, upload: CsvUploadBody): Promise<RestoreResult> {
  const d = await db();
  const read = parseBackupCsv(upload.csv);
  const preview = {
    counts: counts(read.inputs),
    errors: read.errors,
    replaces: counts(await store.readCostInputs(d, shop.id)),
  };
  if (!upload.commit) return { preview, committed: false };
  if (read.errors.length > 0) refuse(read.errors, 'restored');
  const { audit } = await store.restoreInputs(d, shop.id, read.inputs);
  return { preview, committed: true, audit };
}
