import { z } from 'zod';
import type { PeriodTiles } from '@/lib/reports/period-tiles';
import type { PnlByMonth } from '@/lib/reports/pnl-by-month';
import type { ReportFrame } from '@/lib/reports/envelope';
import { exact } from './exact';

// The reports' and the sync's answers: their schemas, held to the TypeScript types the server
// builds them from by `exact`, and every handler's data to its answer's schema by lib/server/endpoint.ts.

export const dayRangeSchema = z.object({ from: z.string(), to: z.string() });
/** A time in milliseconds since 1970, or null before there is one. */
const msOrNull = z.number().nullable();

const syncProgressSchema = exact<ReportFrame['sync']>()(
  z.object({
    shopId: z.string(),
    state: z.enum(['idle', 'running', 'done', 'failed']),
    running: z.boolean().meta({ description: 'True while pages are being fetched (by this instance or another).' }),
    range: dayRangeSchema.nullable(),
    why: z
      .enum(['range', 'comparison', 'today', 'settlement', 'reconcile'])
      .nullable()
      .meta({ description: 'Why the job reads its range; null before a job.' }),
    pagesDone: z.number().int(),
    pagesTotal: z.number().int(),
    pagesTotalKnown: z
      .boolean()
      .meta({ description: "False until every window's first page told its page count (pagesTotal is an estimate)." }),
    ordersStored: z.number().int(),
    requestsPerMinute: z.number(),
    etaSeconds: z.number().nullable(),
    startedAt: msOrNull,
    finishedAt: msOrNull,
    lastSyncedAt: msOrNull.meta({ description: "When the shop's most recently read data was read (ms)." }),
    error: z.string().nullable().meta({ description: 'Why the last run stopped, in words a seller can act on.' }),
    retryAt: msOrNull.optional().meta({ description: 'After a failed run: when it is tried again by itself (ms).' }),
    notices: z.array(z.string()).optional(),
  }),
);

const rangeCoverageSchema = exact<ReportFrame['coverage']>()(
  z.object({
    from: z.string(),
    to: z.string(),
    daysTotal: z.number().int(),
    daysStored: z.number().int(),
    complete: z.boolean().meta({ description: 'Every day of the range (up to today) has been synced at least once.' }),
    syncedAt: msOrNull,
    todayReadAt: msOrNull,
    latestReadAt: msOrNull.meta({
      description: 'The newest read among the range’s stored days (ms): "Figures as of".',
    }),
  }),
);

/** The shop's sync progress and, when a range was named, how much of it is stored. */
export const syncStatusSchema = z.object({
  sync: syncProgressSchema,
  coverage: rangeCoverageSchema.nullable().meta({ description: 'null when no range was named.' }),
});

const reportFrameSchema = exact<ReportFrame>()(
  z.object({
    shop: z.object({ id: z.string(), name: z.string(), timezone: z.string(), currency: z.string() }),
    range: z.object({ from: z.string(), to: z.string(), timeZone: z.string() }),
    coverage: rangeCoverageSchema,
    sync: syncProgressSchema,
    partial: z.boolean().meta({
      description: 'True while some days of the range are not stored yet: the figures cover only the stored days.',
    }),
    needsSync: z
      .boolean()
      .meta({ description: 'Days of the range are missing or stale: the page asks for a sync (POST …/sync).' }),
  }),
);

/** A report endpoint's data: the range's frame (shop, range, coverage, sync) and the report over the stored days. */
export const reportEnvelope = <R extends z.ZodType>(report: R) =>
  reportFrameSchema.extend({
    report: report
      .nullable()
      .meta({ description: 'The report over the stored days; null only when it could not be built.' }),
  });

const tileFiguresSchema = z.object({
  netSales: z.number().int().meta({ description: 'Cents.' }),
  netProfit: z.number().int().meta({ description: 'Cents; left out for a person without costs and profit.' }),
  margin: z.number().nullable().meta({ description: 'Net profit over net sales, a ratio; null without sales.' }),
});

/** The overview's period tiles: today, yesterday, month to date, this month projected, last month. */
export const periodTilesSchema = reportEnvelope(
  exact<PeriodTiles>()(
    z.object({
      tiles: z.array(
        z.object({
          key: z.enum(['today', 'yesterday', 'monthToDate', 'monthProjected', 'lastMonth']),
          label: z.string(),
          range: dayRangeSchema.meta({
            description: 'The shop-local days the tile covers (the projection: the whole month).',
          }),
          figures: tileFiguresSchema
            .nullable()
            .meta({ description: 'null while any day of the tile is not stored: the tile says so instead of a zero.' }),
          daysStored: z.number().int(),
          daysTotal: z.number().int(),
          basis: z
            .string()
            .optional()
            .meta({ description: 'How the projection is made, in words (the projection only).' }),
          elapsed: z
            .number()
            .min(0)
            .max(1)
            .optional()
            .meta({ description: 'The share of the month that has passed, 0–1 (the projection only).' }),
        }),
      ),
    }),
  ),
);

export const switchesSchema = z.object({
  includeCancelled: z.boolean(),
  includeSamples: z.boolean().meta({ description: 'false: sample orders are the "samples" cost line.' }),
});
/** Whose costs the figures use: the seller's own (mine) or the service's catalog COGS (service). */
export const costsViewSchema = z.enum(['mine', 'service']);

const pnlMonthFields = {
  netSales: z.number().int().meta({ description: 'Cents.' }),
  estimatedNetSales: z
    .number()
    .int()
    .meta({ description: 'Cents: net sales of orders not settled yet (their fees may still change).' }),
  estimatedShare: z
    .number()
    .nullable()
    .meta({ description: "estimatedNetSales' share of net sales; null without sales." }),
  lines: z.number().int().meta({ description: 'Counted order lines.' }),
  closed: z
    .object({ at: z.number(), by: z.string() })
    .optional()
    .meta({ description: 'Set when the month is closed: its column is the statement frozen then.' }),
};

/** The P&L by month: a column per month of the range (at most 24), the lines in cents, and the total. */
const pnlStatementSchema = exact<PnlByMonth>()(
  z.object({
    months: z.array(
      z.object({
        month: z.string().meta({ description: 'YYYY-MM.' }),
        from: z.string(),
        to: z.string(),
        ...pnlMonthFields,
      }),
    ),
    lines: z.array(
      z.object({
        key: z.string().meta({ description: "The line's stable key (sales.net, cogs, netProfit…)." }),
        label: z.string(),
        kind: z.enum(['line', 'part', 'total', 'memo']),
        values: z.array(z.number().int()).meta({ description: 'Cents per month, in the order of months.' }),
        total: z.number().int(),
      }),
    ),
    total: z.object(pnlMonthFields),
    switches: switchesSchema,
    costs: costsViewSchema,
  }),
);
export const pnlByMonthSchema = reportEnvelope(pnlStatementSchema);

/** A rate a shop's days were converted at, and the days of the range it converted. */
const appliedRateSchema = z.object({
  currency: z.string(),
  target: z.string(),
  rate: z.string().meta({ description: 'As the seller entered it (text, not rounded).' }),
  fromDay: z.string(),
  identity: z.boolean().meta({ description: "The shop's currency is the target: nothing was converted." }),
  id: z.string().nullable().meta({ description: "The stored rate's id (null for identity)." }),
  usedFrom: z.string(),
  usedTo: z.string(),
});

/** The P&L by month of every shop in one currency: the statement, each shop with its rates, the shops left out. */
export const allShopsPnlSchema = pnlStatementSchema.extend({
  currency: z.string().meta({ description: 'The currency every figure is in.' }),
  shops: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      currency: z.string(),
      partial: z.boolean(),
      rates: z.array(appliedRateSchema),
    }),
  ),
  leftOut: z
    .array(z.object({ id: z.string(), name: z.string(), currency: z.string(), days: dayRangeSchema }))
    .meta({ description: 'Shops with days no rate converts: left out of every figure.' }),
  partial: z.boolean().meta({ description: "Some shop's range is not stored completely yet." }),
});

const allShopsFiguresSchema = z.object({
  netSales: z.number().int(),
  netProfit: z
    .number()
    .int()
    .meta({ description: "Σ SKU net profit (the seller's COGS and SKU ad spend counted when costs = mine)." }),
  adSpend: z
    .number()
    .int()
    .meta({ description: 'All ad spend (≤ 0), on SKUs and products (inside netProfit) and the shop-level lines.' }),
  shopAdSpend: z.number().int(),
  expenses: z.number().int(),
  sampleCost: z.number().int(),
  refunds: z.number().int(),
  netProfitAfterRefunds: z.number().int().meta({ description: "The period's bottom line." }),
  orderLines: z.number().int(),
  chargedCosts: z.record(z.string(), z.number().int()),
});

const rankedSkuSchema = z.object({
  key: z.string().meta({ description: '`sku:{sellerSku}` when merged by seller SKU, else `{shopId}:{skuId}`.' }),
  productName: z.string(),
  skuName: z.string(),
  sellerSku: z.string(),
  shops: z.array(z.object({ shopId: z.string(), shopName: z.string(), skuId: z.string(), currency: z.string() })),
  lines: z.number().int(),
  netSales: z.number().int(),
  netProfit: z.number().int(),
  margin: z.number().nullable(),
});

/** All shops: each shop's figures in its currency and converted, the totals, the shops left out, the SKU ranking. */
export const allShopsSchema = z.object({
  currency: z.string().meta({ description: 'The currency the converted figures are in (cents of it).' }),
  costs: costsViewSchema,
  switches: switchesSchema,
  shops: z.array(
    reportFrameSchema.extend({
      syncing: z.boolean().meta({ description: 'Nothing of the range is stored yet: its zeros are not figures.' }),
      figures: allShopsFiguresSchema.meta({ description: "In the shop's own currency." }),
      converted: allShopsFiguresSchema
        .nullable()
        .meta({ description: 'In the target currency; null when some day of the range has no rate.' }),
      rates: z.array(appliedRateSchema),
      missingRate: z.boolean(),
      missingDays: dayRangeSchema
        .nullable()
        .meta({ description: 'The days of the range without a rate into the target.' }),
    }),
  ),
  totals: allShopsFiguresSchema.meta({ description: 'Σ converted figures of the shops that have a rate.' }),
  leftOut: z.array(z.object({ id: z.string(), name: z.string(), currency: z.string(), days: dayRangeSchema })),
  partial: z.boolean(),
  ranking: z.object({
    merge: z.enum(['sellerSku', 'none']),
    count: z.number().int(),
    top: z.array(rankedSkuSchema),
    bottom: z.array(rankedSkuSchema),
  }),
  demoRateIds: z.array(z.string()).meta({ description: 'Ids of the rates seeded for the demo, while they exist.' }),
});
