import 'server-only';
import { storeDb } from '@/lib/server/store-db';
import type { ConnectedShop } from '@/lib/api/schemas';
import { DashboardError } from '@/lib/api/dashboard-error';
import { inputsWithout, parseBackupCsv, unmatchedRows } from '@/lib/costs/backup';
import { describeDuplicates, describeUnmatched } from '@/lib/costs/import-words';
import { parseAdSpendCsv, rowErrorsMessage, rowsToImport, type CsvRowError } from '@/lib/costs/csv-import';
import type { ImportResult, RestoreResult } from '@/lib/costs/data';
import { checkInputDay, type InputDayKind } from '@/lib/costs/input-days';
import type { CostKind } from '@/lib/costs/kind';
import { countInputs, kindByPath } from '@/lib/costs/kinds';
import type { CsvUploadBody } from '@/lib/costs/schemas';
import { resolveTarget } from '@/lib/costs/targets';
import type { AuditEntry } from '@/lib/costs/types';
import * as bulk from '@/lib/store/cost-bulk';
import * as store from '@/lib/store/cost-inputs';
import { shopSkus, shopToday } from '../loaders/your-costs';

// The writes of the seller's cost inputs of one shop (docs/ARCHITECTURE.md#your-costs): one entry
// of any cost kind (lib/costs/kinds) saved or removed, the undo, the ad spend import and the
// backup's restore. A SKU is named by id or seller SKU and resolved against the shop's synced SKUs
// here, by the same rule the CSV import uses.

/**
 * Holds a body's days to the input window (lib/costs/input-days): a refused day is a 400 naming
 * its field; the warnings of days far ahead are answered with the saved entry.
 */
function checkDays(
  shop: ConnectedShop,
  days: Record<string, { day: string | null; kind?: InputDayKind | undefined }>,
): string[] {
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

/** The kind whose API segment is `path`, or a 404 (an unknown kind is no page of the API). */
export function costKind(path: string): CostKind {
  const kind = kindByPath(path);
  if (!kind) throw new DashboardError('NOT_FOUND', `There is no cost kind "${path}".`);
  return kind;
}

/**
 * Adds (no `id`) or replaces an entry of `kind` from its write body (already parsed by the kind's
 * schema): its days held to the input window, its SKU or product resolved. Far-ahead days are
 * answered as `warnings`.
 */
export async function saveEntry(
  kind: CostKind,
  shop: ConnectedShop,
  body: unknown,
  id?: string,
): Promise<{ item: { id: string }; audit: AuditEntry; warnings: string[] }> {
  const warnings: string[] = [];
  const { fields, sellerSku } = await kind.fromBody(body, {
    checkDays: (days) => warnings.push(...checkDays(shop, days)),
    target: (t) => target(shop.id, t),
  });
  const d = await storeDb();
  const saved =
    id === undefined
      ? await store.createEntry(d, kind, shop.id, fields, sellerSku)
      : await store.updateEntry(d, kind, shop.id, id, fields, sellerSku);
  return { ...saved, warnings };
}

export async function removeEntry(kind: CostKind, shop: ConnectedShop, id: string): Promise<{ audit: AuditEntry }> {
  return store.deleteEntry(await storeDb(), kind, shop.id, id);
}

export async function undoCostChange(shop: ConnectedShop): Promise<{ undone: AuditEntry; audit: AuditEntry }> {
  return store.undoLast(await storeDb(), shop.id);
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
  const d = await storeDb();
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

const counts = countInputs;

/** "US Shop (shp_1, USD)": a shop as a refusal names it. */
const shopText = (s: { id: string; name: string; currency: string }) => `${s.name || s.id} (${s.id}, ${s.currency})`;

/**
 * Previews a backup; with `commit`, replaces every input of the shop with it as one undoable
 * change. A file of another shop is refused (its amounts are in that shop's currency); rows naming
 * SKUs or products the shop does not have are refused with their list, or left out when the seller
 * chooses `onlyMatching` (only for a file that names this shop). A refusal changes nothing.
 */
export async function restoreBackup(shop: ConnectedShop, upload: CsvUploadBody): Promise<RestoreResult> {
  const d = await storeDb();
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
