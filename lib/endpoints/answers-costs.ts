import { z } from 'zod';
import type { CostsData, CogsImportPreview, CsvRowError, ImportPreview, RestoreResult } from '@/lib/costs/data';
import {
  RECURRENCES,
  type AdSpend,
  type AuditEntry,
  type CogsEntry,
  type CostSku,
  type Expense,
  type FxRate,
} from '@/lib/costs/types';
import type { Fulfilment } from '@/lib/costs/kind-fulfilment';
import { FULFILMENT_BASES } from '@/lib/costs/types';
import { HISTORY_ACTIONS, type HistoryChange, type HistoryDetail, type HistoryValue } from '@/lib/costs/history';
import { closedMonthsChangeSchema, type ClosedMonthsChange } from '@/lib/reports/books-schemas';
import { exact } from './exact';

// The cost inputs' answers (lib/costs/types.ts and data.ts have them as TypeScript types): their
// schemas, each held to its type by `exact` (and every handler's data to its answer's schema by
// lib/server/endpoint.ts). Amounts are integer cents.

const day = z.string().meta({ description: "A day of the shop's calendar, YYYY-MM-DD." });
const cents = z.number().int();

const historyValueSchema = exact<HistoryValue>()(
  z.union([
    z.object({ money: cents, currency: z.string().optional() }),
    z.object({ day }),
    z.object({ sku: z.string(), sellerSku: z.string().nullable() }),
    z.object({ text: z.string() }),
    z.object({ count: z.number().int() }),
  ]),
);

const historyChangeShape = {
  kind: z
    .string()
    .meta({ description: "A cost kind's id (adSpend, expenses, cogs, fulfilment, …), rate, backup or text." }),
  action: z.enum(HISTORY_ACTIONS),
  values: z.record(z.string(), historyValueSchema).meta({
    description:
      "The sentence template's parts by name: money in integer cents (in the shop's currency unless `currency` says), days YYYY-MM-DD, a SKU by id and seller SKU, words, counts. An update's old values are named before…",
  }),
  text: z
    .string()
    .optional()
    .meta({ description: 'A line written before structured history that could not be read, as it was.' }),
};
const historyChangeSchema = exact<HistoryChange>()(z.object(historyChangeShape));
const historyDetailSchema = exact<HistoryDetail>()(
  z.object({ ...historyChangeShape, undid: historyChangeSchema.optional() }),
);

const auditEntrySchema = exact<AuditEntry>()(
  z.object({
    id: z.string(),
    at: z.number(),
    action: z.string(),
    detail: historyDetailSchema,
    undoneAt: z.number().nullable(),
    by: z.string().nullable(),
  }),
);

const adSpendSchema = exact<AdSpend>()(
  z.object({
    id: z.string(),
    day,
    amountCents: cents,
    skuId: z.string().nullable(),
    productId: z.string().nullable(),
    campaign: z.string().nullable(),
  }),
);
const expenseSchema = exact<Expense>()(
  z.object({
    id: z.string(),
    name: z.string(),
    amountCents: cents,
    recurrence: z.enum(RECURRENCES),
    startDay: day,
    endDay: day.nullable(),
  }),
);
const cogsEntrySchema = exact<CogsEntry>()(
  z.object({ id: z.string(), skuId: z.string(), fromDay: day, unitCostCents: cents }),
);
const fulfilmentSchema = exact<Fulfilment>()(
  z.object({
    id: z.string(),
    fromDay: day,
    amountCents: cents,
    per: z.enum(FULFILMENT_BASES),
    skuId: z.string().nullable(),
  }),
);
const fxRateSchema = exact<FxRate>()(
  z.object({ id: z.string(), currency: z.string(), target: z.string(), fromDay: day, rate: z.string() }),
);

/** Every write of the inputs: what a write confirmed into closed months changed there (lib/server/actions/closed-months). */
const closedMonths = {
  closedMonths: closedMonthsChangeSchema.optional().meta({
    description:
      'Only when the write reached closed months (confirmed with X-Confirm-Closed-Months): what it changed there, booked as adjustments to closed periods in the first open month.',
  }),
};

/** A cost entry saved: the entry as stored, its audit entry, and warnings (a day far ahead). */
const saved = <T extends z.ZodType>(item: T) =>
  z.object({ item, audit: auditEntrySchema, warnings: z.array(z.string()), ...closedMonths });
/** One entry of any kind saved: the item as the kind stores it (its fields: the `inputs` of `GET your-costs`). */
export const entrySavedSchema = saved(
  z.looseObject({ id: z.string() }).meta({
    description: "The entry as stored, with its kind's fields (as in GET your-costs' inputs).",
  }),
);
export const fxRateSavedSchema = z.object({ item: fxRateSchema, audit: auditEntrySchema, ...closedMonths });
/** A removal: its audit entry. */
export const removalSchema = z.object({ audit: auditEntrySchema, ...closedMonths });
export const undoSchema = z.object({ undone: auditEntrySchema, audit: auditEntrySchema, ...closedMonths });

const costSkuSchema = exact<CostSku>()(
  z.object({
    skuId: z.string(),
    productId: z.string(),
    productName: z.string(),
    skuName: z.string(),
    sellerSku: z.string(),
    priceCents: cents.nullable(),
    serviceUnitCogsCents: cents.nullable(),
  }),
);

export const costsDataSchema = exact<CostsData>()(
  z.object({
    inputs: z.object({
      adSpend: z.array(adSpendSchema),
      expenses: z.array(expenseSchema),
      cogs: z.array(cogsEntrySchema),
      fulfilment: z.array(fulfilmentSchema),
    }),
    audit: z.array(auditEntrySchema),
    undoable: auditEntrySchema.nullable(),
    skus: z.array(costSkuSchema),
  }),
);

export const fxRatesDataSchema = z.object({
  rates: z.array(fxRateSchema),
  audit: z.array(auditEntrySchema),
  undoable: auditEntrySchema.nullable(),
});

// The imports' and the restore's previews: what a commit writes, refused and doubtful lines.

const line = z.number().int().meta({ description: "The file's line (the header is line 1)." });
const rowErrorSchema = exact<CsvRowError>()(
  z.object({ row: line, column: z.string().nullable(), message: z.string() }),
);
const rowProblems = { errors: z.array(rowErrorSchema), warnings: z.array(rowErrorSchema) };

const adSpendPreviewSchema = exact<ImportPreview>()(
  z.object({
    rows: z.array(
      z.object({
        row: line,
        day,
        amountCents: cents,
        skuId: z.string().nullable(),
        productId: z.string().nullable(),
        campaign: z.string().nullable(),
        target: z.enum(['sku', 'product', 'shop']),
      }),
    ),
    ...rowProblems,
    duplicates: z.array(z.array(line)),
    replaces: z.number().int(),
    from: day.nullable(),
    to: day.nullable(),
    totalCents: cents,
  }),
);

const cogsPreviewSchema = exact<CogsImportPreview>()(
  z.object({
    rows: z.array(
      z.object({
        row: line,
        skuId: z.string(),
        sellerSku: z.string(),
        productName: z.string(),
        fromDay: day,
        unitCostCents: cents,
        unitCostBeforeCents: cents.nullable(),
        unitCostBeforeSource: z.enum(['yours', 'service']).nullable(),
        replacesCogsEntry: z.string().nullable(),
      }),
    ),
    unchanged: z.array(line),
    ...rowProblems,
  }),
);

const imported = <T extends z.ZodType>(preview: T) =>
  z.object({ preview, committed: z.boolean(), audit: auditEntrySchema.optional(), ...closedMonths });
export const adSpendImportSchema = imported(adSpendPreviewSchema);
export const cogsImportSchema = imported(cogsPreviewSchema);

const counts = z.object({
  adSpend: z.number().int(),
  expenses: z.number().int(),
  cogs: z.number().int(),
  fulfilment: z.number().int(),
});
export const restoreSchema = exact<RestoreResult & { closedMonths?: ClosedMonthsChange }>()(
  imported(
    z.object({
      counts,
      ...rowProblems,
      replaces: counts,
      shop: z
        .object({ id: z.string(), name: z.string(), currency: z.string(), dashboardVersion: z.string() })
        .nullable(),
      unmatched: z.array(z.object({ row: line, names: z.string() })),
    }),
  ),
);
