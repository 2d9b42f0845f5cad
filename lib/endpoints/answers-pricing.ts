import { z } from 'zod';
import type { PricingReport } from '@/lib/pricing/report';
import { reportEnvelope } from './answers-reports';
import { exact } from './exact';

// The Pricing report's answer: per SKU its learned unit economics, its answers at the target
// margin and its what-if, held to the TypeScript type the server builds it from by `exact`.

const cents = z.number().meta({ description: 'Cents.' });
const centsOrNull = z.number().nullable().meta({ description: 'Cents, or null when it cannot be said.' });
const ratioOrNull = z.number().nullable().meta({ description: 'A fraction (0.25 is 25 %), or null without a base.' });

const feePartSchema = z.object({
  part: z.string().meta({ description: 'The platform fee part, as the service names it.' }),
  basis: z.enum(['sales', 'fixed']).meta({ description: 'A share of net sales, or a fixed amount per line.' }),
  rate: z.number().meta({ description: "basis 'sales': the part over net sales; 'fixed': 0." }),
  perLine: z.number().meta({ description: "basis 'fixed': cents per line; 'sales': 0." }),
  fitError: ratioOrNull.meta({ description: "Σ|line's part − the model's| / Σ|line's part|; null without any." }),
  lines: z.number().int(),
});

const skuModelSchema = z.object({
  skuId: z.string(),
  lines: z.number().int(),
  units: z.number().nullable().meta({ description: 'Estimated units; null without a catalog price.' }),
  listPrice: centsOrNull.meta({ description: 'The catalog (list) price, cents.' }),
  realisedPrice: centsOrNull.meta({ description: 'Net sales per unit (after promos), cents.' }),
  promoShare: z.number().meta({ description: '−promos / gross sales.' }),
  fees: z.array(feePartSchema),
  feeRate: z.number().meta({ description: "Σ of the sales-based fee parts' rates." }),
  feeFixedPerUnit: centsOrNull,
  feeFitError: ratioOrNull,
  commissionRate: z.number().meta({ description: 'Affiliate commission over all net sales.' }),
  affiliateShare: z.number().meta({ description: 'Net sales of lines that carried a commission, over all.' }),
  affiliateRate: ratioOrNull.meta({ description: 'Commission over the net sales of the lines that carried one.' }),
  shippingPerUnit: centsOrNull,
  cogsPerUnit: centsOrNull,
  cogsSource: z.enum(['input', 'service', 'mixed']),
  adSpendPerUnit: centsOrNull,
  otherCostsPerUnit: centsOrNull,
  basisFrom: z.enum(['sku', 'shop']).meta({ description: "Whose lines each fee part's basis was learned from." }),
  estimatedLines: z.number().int(),
  netSales: cents,
  netProfit: cents,
  adSpend: cents,
  otherCosts: cents,
});

const skuAnswersSchema = z.object({
  breakEvenPrice: centsOrNull.meta({ description: 'The list price where net profit is 0, cents.' }),
  targetPrice: centsOrNull.meta({ description: 'The list price where the margin is the target, cents.' }),
  maxPromoBreakEven: ratioOrNull,
  maxPromoTarget: ratioOrNull,
  maxPromoBreakEvenAmount: centsOrNull,
  maxPromoTargetAmount: centsOrNull,
  maxCommissionRate: ratioOrNull,
  breakEvenCogs: centsOrNull,
  breakEvenRoas: z.number().nullable(),
  breakEvenAcos: ratioOrNull,
  unitProfit: centsOrNull,
  gapToTarget: ratioOrNull.meta({ description: '(list price − target price) / target price; negative: below.' }),
});

const figuresSchema = z.object({ netSales: cents, netProfit: cents });
const beforeAfterSchema = z.object({ before: figuresSchema, after: figuresSchema });
const monthsSchema = z.array(beforeAfterSchema.extend({ month: z.string().meta({ description: 'YYYY-MM.' }) }));

const adjustSchema = z.union([
  z.object({ to: z.number().meta({ description: 'A new value per unit, cents.' }) }),
  z.object({ by: z.number().meta({ description: 'A change by a fraction (0.05 = +5 %).' }) }),
]);
const changeSchema = z.object({
  price: adjustSchema.optional(),
  promo: z.number().optional(),
  commission: z.number().optional(),
  cogs: adjustSchema.optional(),
  shipping: adjustSchema.optional(),
});

const namesFields = { productId: z.string(), productName: z.string(), skuName: z.string(), sellerSku: z.string() };

/** The Pricing report: the shop's shares, a row per SKU (narrowed by the search), the scenario's what-if. */
export const pricingReportSchema = reportEnvelope(
  exact<PricingReport>()(
    z.object({
      target: z.number().meta({ description: 'The target margin, a fraction of net sales.' }),
      settlement: z.enum(['expected', 'reported']),
      shop: z.object({
        lines: z.number().int(),
        promoShare: z.number(),
        fees: z.array(feePartSchema),
        commissionRate: z.number(),
        refundRate: ratioOrNull.meta({
          description: 'Σ refund days / Σ net sales of the lookback: shown, not counted.',
        }),
      }),
      feeFitError: ratioOrNull,
      adjustedLines: z.number().int().meta({ description: 'Lines whose estimate was moved by the expected drift.' }),
      rows: z.array(
        z.object({
          ...namesFields,
          skuId: z.string(),
          model: skuModelSchema,
          answers: skuAnswersSchema,
          whatIf: beforeAfterSchema.extend({
            skuId: z.string(),
            months: monthsSchema,
            creators: beforeAfterSchema.nullable(),
            skipped: z.string().nullable().meta({ description: 'Why the change could not be applied as asked.' }),
          }),
        }),
      ),
      skus: z.array(z.object({ ...namesFields, skuId: z.string() })),
      total: beforeAfterSchema,
      months: monthsSchema,
      scenario: z.object({
        all: changeSchema,
        skus: z.record(z.string(), changeSchema),
        elasticity: z.number().nullable(),
      }),
    }),
  ),
);
