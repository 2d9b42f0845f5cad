import { z } from 'zod';
import type { OverviewWithForecast, SkuReportWithForecast } from '@/lib/reports/settlement-apply';
import { costsViewSchema, dayRangeSchema, reportEnvelope, switchesSchema } from './answers-reports';
import { exact } from './exact';

// The answers built of SKU rows: the overview (its top and bottom SKUs) and the SKU profit report,
// held to the TypeScript types the server builds them from by `exact`.

const cents = z.number().int().meta({ description: 'Cents.' });
/** A ratio (0.25 is 25 %), or null without a base. */
const ratioOrNull = z.number().nullable();

const sumsFields = {
  lines: z.number().int().meta({ description: 'Counted order lines.' }),
  gmv: cents,
  grossSales: cents,
  promos: cents,
  netSales: cents,
  costOfGoods: cents,
  shipping: cents,
  platformFees: cents,
  affiliateCommission: cents,
  totalCosts: cents,
  netProfit: cents,
  estimatedNetSales: z
    .number()
    .int()
    .meta({ description: 'Cents: net sales of unsettled or draft orders (fees may still change at settlement).' }),
  serviceCostOfGoods: z.number().int().meta({
    description: "Cents: the service's cost of goods of these lines (costOfGoods has the seller's COGS applied).",
  }),
  recostedLines: z.number().int().meta({ description: "Lines whose cost of goods is the seller's." }),
};

/** Each charged kind's charges (cents, ≤ 0) by kind id; in net profit. */
const chargedCostsSchema = z.record(z.string(), z.number().int());

const skuForecastSchema = z.object({
  expectedNetProfit: cents,
  low: cents,
  high: cents,
  method: z.enum(['observed', 'ratio', 'shop']),
  openNetSales: cents,
});

const forecastSummarySchema = z.object({
  expectedNetProfit: cents,
  low: cents,
  high: cents,
  openNetSales: cents,
  openShare: ratioOrNull,
  drift: z.object({ shipping: cents, platform_fees: cents, affiliate_commission: cents }),
});

/** A SKU's row of the SKU report (and the overview's top and bottom lists). */
const skuRowSchema = z.object({
  ...sumsFields,
  skuId: z.string(),
  productId: z.string(),
  productName: z.string(),
  skuName: z.string(),
  sellerSku: z.string(),
  estimatedUnits: z.number().nullable(),
  margin: ratioOrNull,
  profitShare: ratioOrNull.meta({ description: "This SKU's net profit over every SKU's." }),
  estimatedShare: ratioOrNull,
  cogsSource: z.enum(['service', 'input', 'mixed']),
  adSpend: cents,
  allocatedCosts: cents,
  chargedCosts: chargedCostsSchema,
});

const kpiSchema = z.object({
  value: z.number().nullable(),
  previous: z.number().nullable(),
  change: z.number().nullable().meta({
    description: '(value − previous) / |previous|; for the margin, the difference in points. Null without a base.',
  }),
});

/** The overview: KPIs against the previous period, a daily series, the best and worst SKUs, the bridge. */
export const overviewSchema = reportEnvelope(
  exact<OverviewWithForecast>()(
    z.object({
      range: dayRangeSchema,
      previousRange: dayRangeSchema,
      previousUntil: z.number().nullable(),
      previousCovered: z.boolean(),
      switches: switchesSchema,
      kpis: z.object({
        orders: kpiSchema,
        gmv: kpiSchema,
        netSales: kpiSchema,
        netProfit: kpiSchema.extend({ forecast: forecastSummarySchema.optional() }),
        margin: kpiSchema,
        refunds: kpiSchema,
        adSpend: kpiSchema,
        expenses: kpiSchema,
        netProfitAfterRefunds: kpiSchema,
      }),
      series: z.array(z.object({ day: z.string(), netSales: z.number().nullable(), netProfit: z.number().nullable() })),
      top: z.array(skuRowSchema),
      bottom: z.array(skuRowSchema),
      sampleCost: cents,
      profitBridge: z.array(
        z.object({
          key: z.union([
            z.enum([
              'netSales',
              'costOfGoods',
              'shipping',
              'platformFees',
              'affiliateCommission',
              'skuAdSpend',
              'allocatedCosts',
              'netProfit',
              'samples',
              'refunds',
              'shopAdSpend',
              'expenses',
              'bottomLine',
            ]),
            z.templateLiteral(['charged:', z.string()]),
          ]),
          label: z.string(),
          value: cents,
          kind: z.enum(['start', 'part', 'total']),
        }),
      ),
      estimatedShare: ratioOrNull,
      costs: costsViewSchema,
      sources: z.object({
        serviceProfit: cents,
        cogsChange: cents,
        adSpend: cents,
        expenses: cents,
        chargedCosts: chargedCostsSchema,
        allocated: z.boolean(),
        recostedLines: z.number().int(),
        lines: z.number().int(),
      }),
    }),
  ),
);

/** A period line of the whole shop's report (cents); null in a searched report, which counts only the SKUs it shows. */
const periodLine = z.number().int().nullable();

/** The SKU profit report: a row per SKU, the totals, the whole shop's period lines and the loss finder. */
export const skuReportSchema = reportEnvelope(
  exact<SkuReportWithForecast>()(
    z.object({
      range: dayRangeSchema,
      switches: switchesSchema,
      search: z.string().nullable().meta({ description: 'The search the figures are narrowed to, or null.' }),
      rows: z.array(skuRowSchema.extend({ forecast: skuForecastSchema.nullable().optional() })),
      totals: z.object({
        ...sumsFields,
        margin: ratioOrNull,
        estimatedShare: ratioOrNull,
        adSpend: cents,
        allocatedCosts: cents,
        chargedCosts: chargedCostsSchema,
        forecast: forecastSummarySchema.optional(),
      }),
      sampleCost: periodLine.meta({ description: 'Net profit of sample orders, a marketing cost line (cents).' }),
      sampleLines: z.number().int().nullable(),
      excludedLines: z.number().int(),
      refunds: periodLine.meta({ description: 'Refund days over the range (cents, ≤ 0), not attributed to SKUs.' }),
      shopAdSpend: periodLine,
      expenses: periodLine,
      costs: costsViewSchema,
      allocated: z
        .boolean()
        .meta({ description: 'Shop-level ad spend and expenses are allocated to the SKUs by net sales share.' }),
      netProfitAfterRefunds: periodLine.meta({ description: "The period's bottom line (cents)." }),
      losses: z.array(
        z.object({
          skuId: z.string(),
          productName: z.string(),
          skuName: z.string(),
          sellerSku: z.string(),
          netSales: cents,
          netProfit: cents,
          margin: ratioOrNull,
          worstGroup: z.enum(['costOfGoods', 'shipping', 'platformFees', 'affiliateCommission', 'promos']),
          worstGroupCents: cents,
          worstGroupShare: ratioOrNull,
        }),
      ),
    }),
  ),
);
