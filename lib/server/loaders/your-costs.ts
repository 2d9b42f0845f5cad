import 'server-only';
import type { ConnectedShop } from '@/lib/api/schemas';
import {
  backupCsv,
  describeUnmatched,
  inputsWithout,
  parseBackupCsv,
  unmatchedRows,
  type BackupShop,
} from '@/lib/costs/backup';
import {
  describeDuplicates,
  parseAdSpendCsv,
  rowErrorsMessage,
  rowsToImport,
  type CsvRowError,
} from '@/lib/costs/csv-import';
import { checkInputDay, type InputDayKind } from '@/lib/costs/input-days';
import type { AdSpendBody, CogsBody, CsvUploadBody, ExpenseBody } from '@/lib/costs/schemas';
import { resolveTarget } from '@/lib/costs/targets';
import type { AdSpend, AuditEntry, CogsEntry, CostSku, Expense, ShopCostInputs } from '@/lib/costs/types';
import type { CostsData, ImportResult, RestorePreview, RestoreResult } from '@/lib/costs/data';
import { getOrderStore } from '@/lib/store';
import * as store from '@/lib/store/cost-inputs';
import * as bulk from '@/lib/store/cost-bulk';
import { shopLocalDate } from '@/lib/time';
import { DashboardError } from '@/lib/api/dashboard-error';
import { upstream } from '../upstream';
import { iteratePages } from '@/lib/upstream';
import { toCents } from '@/lib/profit';
import { DASHBOARD_VERSION } from '@/lib/config/version';

// The seller's cost inputs of one shop (docs/ARCHITECTURE.md#your-costs): what the costs routes
// answer. A SKU is named by id or seller SKU and resolved against the shop's synced SKUs here, by
// the same rule the CSV import uses.

async function db() {
  return (await getOrderStore()).db;
}

/**
 * The shop's SKUs a cost may name: the stored catalog (and SKUs seen in orders); before the first
 * sync has stored the catalog, the upstream's catalog read now (interactive, not stored: a GET
 * writes nothing), so a seller can enter costs on a fresh dashboard.
 */
export async function shopSkus(shopId: string): Promise<CostSku[]> {
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

export async function loadYourCosts(shop: ConnectedShop): Promise<CostsData> {
  const d = await db();
  const [inputs, audit, undoable, skus] = await Promise.all([
    store.readCostInputs(d, shop.id),
    store.listAudit(d, shop.id),
    store.undoableEntry(d, shop.id),
    shopSkus(shop.id),
  ]);
  return { inputs, audit, undoable, skus };
}

/** The shop's today, in its time zone: what input days are held to. */
export function shopToday(shop: ConnectedShop): string {
  return shopLocalDate(Math.floor(Date.now() / 1000), shop.timezone);
}

/**
 * Holds a body's days to the input window (lib/costs/input-days): a refused day is a 400 naming
 * its field; the warnings of days far ahead are answered with the saved entry.
 */
function checkDays(shop: ConnectedShop, days: Record<string, { day: string | null; kind?: InputDayKind }>): string[] {
  const today = shopToday(shop);
  const problems: string[] = [];
  const warnings: string[] = [];
  for (const [field, { day, kind }] of Object.entries(days)) {
    if (day === null) continue;
    const check = checkInputDay(day, today, kind);
    if (!check.ok) problems.push(`${field}: ${check.message}`);
    else if (check.warning) warnings.push(`${field}: ${check.warning}`);
  }
  if (problems.length > 0) throw new DashboardError('INVALID_REQUEST', problems.join('; '));
  return warnings;
}

/** The SKU (and its product) a body aims at, or a 400 naming the field. */
async function target(
  shopId: string,
  body: { skuId: string | null; sellerSku: string | null; productId?: string | null },
) {
  const skus = await shopSkus(shopId);
  const resolved = resolveTarget(body, skus);
  if (!resolved.ok) throw new DashboardError('INVALID_REQUEST', `${resolved.field}: ${resolved.message}`);
  return { ...resolved, sellerSku: skus.find((s) => s.skuId === resolved.skuId)?.sellerSku };
}

export async function saveAdSpend(
  shop: ConnectedShop,
  body: AdSpendBody,
  id?: string,
): Promise<{ item: AdSpend; audit: AuditEntry; warnings: string[] }> {
  const warnings = checkDays(shop, { day: { day: body.day } });
  const t = await target(shop.id, body);
  const fields = {
    day: body.day,
    amountCents: body.amount,
    skuId: t.skuId,
    productId: t.productId,
    campaign: body.campaign,
  };
  const d = await db();
  const saved =
    id === undefined
      ? await store.createAdSpend(d, shop.id, fields)
      : await store.updateAdSpend(d, shop.id, id, fields);
  return { ...saved, warnings };
}

export async function removeAdSpend(shop: ConnectedShop, id: string): Promise<{ audit: AuditEntry }> {
  return store.deleteAdSpend(await db(), shop.id, id);
}

export async function saveExpense(
  shop: ConnectedShop,
  body: ExpenseBody,
  id?: string,
): Promise<{ item: Expense; audit: AuditEntry; warnings: string[] }> {
  const warnings = checkDays(shop, { startDay: { day: body.startDay }, endDay: { day: body.endDay, kind: 'end' } });
  const fields = {
    name: body.name,
    amountCents: body.amount,
    recurrence: body.recurrence,
    startDay: body.startDay,
    endDay: body.endDay,
  };
  const d = await db();
  const saved =
    id === undefined
      ? await store.createExpense(d, shop.id, fields)
      : await store.updateExpense(d, shop.id, id, fields);
  return { ...saved, warnings };
}

export async function removeExpense(shop: ConnectedShop, id: string): Promise<{ audit: AuditEntry }> {
  return store.deleteExpense(await db(), shop.id, id);
}

export async function saveCogs(
  shop: ConnectedShop,
  body: CogsBody,
  id?: string,
): Promise<{ item: CogsEntry; audit: AuditEntry; warnings: string[] }> {
  const warnings = checkDays(shop, { fromDay: { day: body.fromDay } });
  const t = await target(shop.id, { skuId: body.skuId, sellerSku: body.sellerSku });
  const fields = { skuId: t.skuId!, fromDay: body.fromDay, unitCostCents: body.unitCost };
  const d = await db();
  const saved =
    id === undefined
      ? await store.createCogs(d, shop.id, fields, t.sellerSku)
      : await store.updateCogs(d, shop.id, id, fields, t.sellerSku);
  return { ...saved, warnings };
}

export async function removeCogs(shop: ConnectedShop, id: string): Promise<{ audit: AuditEntry }> {
  return store.deleteCogs(await db(), shop.id, id);
}

export async function undoCostChange(shop: ConnectedShop): Promise<{ undone: AuditEntry; audit: AuditEntry }> {
  return store.undoLast(await db(), shop.id);
}

export function refuse(errors: readonly CsvRowError[], verb: string): never {
  throw new DashboardError('INVALID_REQUEST', rowErrorsMessage(errors, verb));
}

/**
 * Previews an ad spend CSV; with `commit`, replaces the ad spend of the file's days with it (all
 * or nothing). A file that repeats rows exactly is committed only with the seller's choice of
 * importing them once (`duplicates: skip`) or every time (`keep`).
 */
export async function importAdSpendCsv(shop: ConnectedShop, upload: CsvUploadBody): Promise<ImportResult> {
  const d = await db();
  const preview = parseAdSpendCsv(upload.csv, await shopSkus(shop.id), shopToday(shop));
  preview.replaces = await bulk.countAdSpendOnDays(
    d,
    shop.id,
    preview.rows.map((r) => r.day),
  );
  if (!upload.commit) return { preview, committed: false };
  if (preview.errors.length > 0) refuse(preview.errors, 'imported');
  if (preview.duplicates.length > 0 && upload.duplicates === undefined)
    throw new DashboardError(
      'INVALID_REQUEST',
      `duplicates: the file repeats rows exactly (${describeDuplicates(preview.duplicates)}): nothing was imported. Choose to import each repeated row once (duplicates: skip) or every time (duplicates: keep).`,
    );
  const rows = rowsToImport(preview, upload.duplicates ?? 'keep').map(
    ({ day, amountCents, skuId, productId, campaign }) => ({ day, amountCents, skuId, productId, campaign }),
  );
  const { audit, replaced } = await bulk.importAdSpend(d, shop.id, rows);
  return { preview: { ...preview, replaces: replaced }, committed: true, audit };
}

/** `costs_<shopId>_<today in the shop's zone>.csv`: the id with anything unsafe in a header replaced. */
export function backupFilename(shop: ConnectedShop, now = Date.now()): string {
  return `costs_${shop.id.replace(/[^A-Za-z0-9._-]/g, '-')}_${shopLocalDate(Math.floor(now / 1000), shop.timezone)}.csv`;
}

/** What a backup file says of the shop it is of. */
function backupShop(shop: ConnectedShop): BackupShop {
  return { id: shop.id, name: shop.shopName, currency: shop.currency, dashboardVersion: DASHBOARD_VERSION };
}

export async function loadBackup(shop: ConnectedShop): Promise<{ csv: string; filename: string }> {
  return {
    csv: backupCsv(await store.readCostInputs(await db(), shop.id), backupShop(shop)),
    filename: backupFilename(shop),
  };
}

const counts = (inputs: ShopCostInputs): RestorePreview['counts'] => ({
  adSpend: inputs.adSpend.length,
  expenses: inputs.expenses.length,
  cogs: inputs.cogs.length,
});

/** "US Shop (shp_1, USD)": a shop as a refusal names it. */
const shopText = (s: { id: string; name: string; currency: string }) => `${s.name || s.id} (${s.id}, ${s.currency})`;

/**
 * Previews a backup; with `commit`, replaces every input of the shop with it as one undoable
 * change. A file of another shop is refused (its amounts are in that shop's currency); rows naming
 * SKUs or products the shop does not have are refused with their list, or left out when the seller
 * chooses `onlyMatching` (only for a file that names this shop). A refusal changes nothing.
 */
export async function restoreBackup(shop: ConnectedShop, upload: CsvUploadBody): Promise<RestoreResult> {
  const d = await db();
  const read = parseBackupCsv(upload.csv, shopToday(shop));
  const errors = [...read.errors];
  if (read.shop && read.shop.id !== shop.id)
    errors.unshift({
      row: read.shop.line,
      column: 'shop_id',
      message: `this is a backup of ${shopText(read.shop)}, not of ${shopText({ id: shop.id, name: shop.shopName, currency: shop.currency })}: its amounts are in that shop's currency. Restore it into that shop, or choose a backup of this one`,
    });
  const unmatched = errors.length === 0 ? unmatchedRows(read, await shopSkus(shop.id)) : [];
  const preview = {
    counts: counts(read.inputs),
    errors,
    warnings: read.warnings,
    replaces: counts(await store.readCostInputs(d, shop.id)),
    shop: read.shop && {
      id: read.shop.id,
      name: read.shop.name,
      currency: read.shop.currency,
      dashboardVersion: read.shop.dashboardVersion,
    },
    unmatched,
  };
  if (!upload.commit) return { preview, committed: false };
  if (errors.length > 0) refuse(errors, 'restored');
  if (unmatched.length > 0 && (!upload.onlyMatching || !read.shop)) {
    const which = `${unmatched.length === 1 ? '1 row names' : `${unmatched.length} rows name`} SKUs or products this shop does not have: ${describeUnmatched(unmatched)}`;
    throw new DashboardError(
      'INVALID_REQUEST',
      read.shop
        ? `${which}. Nothing was restored. Restore only the rows that match (onlyMatching) to leave them out.`
        : `This backup does not say which shop it is of, and ${which}. Nothing was restored: choose a backup of this shop.`,
    );
  }
  const inputs = unmatched.length > 0 ? inputsWithout(read, new Set(unmatched.map((u) => u.row))) : read.inputs;
  const { audit } = await bulk.restoreInputs(d, shop.id, inputs);
  return { preview, committed: true, audit };
}
