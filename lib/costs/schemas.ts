import { z } from 'zod';
import { MAX_UNIT_COST_CENTS, MAX_UNIT_COST_MESSAGE } from './cogs';
import { dateStringSchema } from '@/lib/time/schemas';
import { parseAmount, parseRate } from './amount';
import { FULFILMENT_BASES, RECURRENCES } from './types';
import { CAMPAIGN_MAX, NAME_MAX } from './limits';

// The write bodies of the cost-input API (docs/ARCHITECTURE.md#your-costs); each kind's by its id in
// kind-bodies.ts. Client-safe: the forms validate with the same schemas, so a value the form accepts
// is one the server accepts; they load them (and zod) when a form is first used, not with the page
// (lib/costs/kinds and its kinds are zod-free). Money arrives as a decimal string in major units and
// leaves these schemas as integer cents.

/** Money in major units ("12.50", "$1,234.50") → integer cents ≥ 0. */
export const amountSchema = z.preprocess(
  // A JSON number is taken as its decimal text, so 12.5 and "12.5" are the same amount.
  (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
  z.string({ error: 'must be a number like 12.50' }).transform((text, ctx) => {
    const parsed = parseAmount(text);
    if (parsed.ok) return parsed.cents;
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }),
);

/** An exchange rate ("0.79") → its canonical decimal text. */
export const rateSchema = z.preprocess(
  (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
  z.string({ error: 'must be a number like 0.79' }).transform((text, ctx) => {
    const parsed = parseRate(text);
    if (parsed.ok) return parsed.rate;
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }),
);

/** Optional text: blank or absent is null. */
const optionalText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : null));

const optionalId = optionalText(200);

export const currencyCodeSchema = z
  .string({ error: 'must be a currency code like USD' })
  .regex(/^[A-Z]{3}$/, { error: 'must be 3 upper-case letters like USD' });

export const adSpendBodySchema = z.object({
  day: dateStringSchema,
  amount: amountSchema,
  skuId: optionalId,
  productId: optionalId,
  sellerSku: optionalId,
  campaign: optionalText(CAMPAIGN_MAX),
});

export const expenseBodySchema = z
  .object({
    name: z
      .string({ error: 'must be text' })
      .trim()
      .min(1, { error: 'is required' })
      .max(NAME_MAX, { error: `must be at most ${NAME_MAX} characters` }),
    amount: amountSchema,
    recurrence: z.enum(RECURRENCES, { error: `must be ${RECURRENCES.join(', ').replace(/, (?=[^,]*$)/, ' or ')}` }),
    startDay: dateStringSchema,
    // A cleared end-date field sends "": the expense runs on.
    endDay: z.preprocess((v) => (v === '' ? null : v), dateStringSchema.nullish()).transform((v) => v ?? null),
  })
  .superRefine((value, ctx) => {
    if (value.endDay !== null && value.endDay < value.startDay) {
      ctx.addIssue({ code: 'custom', path: ['endDay'], message: 'must not be earlier than startDay' });
    }
  });

export const cogsBodySchema = z
  .object({ skuId: optionalId, sellerSku: optionalId, fromDay: dateStringSchema, unitCost: amountSchema })
  .superRefine((value, ctx) => {
    if (value.skuId === null && value.sellerSku === null)
      ctx.addIssue({ code: 'custom', path: ['skuId'], message: 'is required (or give sellerSku)' });
    if (value.unitCost > MAX_UNIT_COST_CENTS)
      ctx.addIssue({ code: 'custom', path: ['unitCost'], message: MAX_UNIT_COST_MESSAGE });
  });

export const fulfilmentBodySchema = z
  .object({
    fromDay: dateStringSchema,
    amount: amountSchema,
    per: z.enum(FULFILMENT_BASES, { error: 'must be order or unit' }),
    skuId: optionalId,
    sellerSku: optionalId,
  })
  .superRefine((value, ctx) => {
    if (value.amount > MAX_UNIT_COST_CENTS)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'must be at most 1,000,000.00' });
  });

export const fxRateBodySchema = z
  .object({ currency: currencyCodeSchema, target: currencyCodeSchema, fromDay: dateStringSchema, rate: rateSchema })
  .superRefine((value, ctx) => {
    if (value.currency === value.target)
      ctx.addIssue({ code: 'custom', path: ['target'], message: 'must differ from currency' });
  });

/** A CSV upload (ad spend import or backup restore): previewed unless `commit` is true. */
export const csvUploadBodySchema = z.object({
  csv: z.string({ error: "must be the file's text" }),
  commit: z.boolean({ error: 'must be true or false' }).optional().default(false),
  /** Import: rows that repeat an earlier row exactly are imported once (`skip`) or every time (`keep`). */
  duplicates: z.enum(['skip', 'keep'], { error: 'must be skip or keep' }).optional(),
  /** Restore: leave out the rows that name a SKU or product the shop does not have, and restore the rest. */
  onlyMatching: z.boolean({ error: 'must be true or false' }).optional().default(false),
});

export type AdSpendBody = z.output<typeof adSpendBodySchema>;
export type ExpenseBody = z.output<typeof expenseBodySchema>;
export type CogsBody = z.output<typeof cogsBodySchema>;
export type FulfilmentBody = z.output<typeof fulfilmentBodySchema>;
export type FxRateBody = z.output<typeof fxRateBodySchema>;
export type CsvUploadBody = z.output<typeof csvUploadBodySchema>;
