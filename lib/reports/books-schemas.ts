import { z } from 'zod';
import { REOPEN_REASON_MIN_WORDS } from './books-constants';

// The books' answers and bodies (docs/ARCHITECTURE.md#pl-by-month): closed months, the first open
// month, the basis they are closed under, the history of closes and reopenings, and the itemised
// adjustments to closed periods. Client-safe: the page parses and sends these.

export const booksBasisSchema = z.object({
  switches: z.object({ includeCancelled: z.boolean(), includeSamples: z.boolean() }),
  costs: z.enum(['mine', 'service']),
});

export const booksStateSchema = z.object({
  closed: z.array(z.object({ month: z.string(), closedAt: z.number(), closedBy: z.string() })),
  /** The month after the latest closed one (null while nothing is closed). */
  firstOpen: z.string().nullable(),
  basis: booksBasisSchema.nullable(),
  basisWords: z.string().nullable(),
  /** The month that may close next and, when it may not yet, why (a sentence). */
  next: z.object({ month: z.string(), refusal: z.string().nullable() }),
  /** The only month that may be reopened: the latest closed one. */
  reopenable: z.string().nullable(),
  /** The journals of that month downloaded since it closed, latest first: the ones a reopening says to reverse. */
  reopenDownloads: z.array(
    z.object({
      format: z.enum(['xero', 'quickbooks']),
      part: z.number(),
      parts: z.number(),
      number: z.string(),
      currency: z.string(),
      at: z.number(),
      person: z.string(),
    }),
  ),
  history: z.array(
    z.object({
      month: z.string(),
      action: z.enum(['close', 'reopen']),
      person: z.string(),
      at: z.number(),
      reason: z.string().nullable(),
    }),
  ),
});
export type BooksState = z.infer<typeof booksStateSchema>;

export const monthAdjustmentsSchema = z.object({
  month: z.string().nullable(),
  /** `booked`: the month is closed and carries them; `pending`: the first open month, until it closes; `none`. */
  status: z.enum(['booked', 'pending', 'none']),
  items: z.array(
    z.object({
      forMonth: z.string(),
      forMonthWords: z.string(),
      source: z.string(),
      sourceWords: z.string(),
      /** The order's SKUs, by seller SKU first (empty for other sources). */
      skus: z.array(z.string()),
      lineKey: z.string(),
      line: z.string(),
      /** 'line' adds up to the adjustments' total; 'part' is a piece of the line of its key's prefix. */
      kind: z.enum(['line', 'part']),
      cents: z.number(),
    }),
  ),
  /** Σ of the 'line' items: the month's line "Adjustments to closed periods". */
  total: z.number(),
});
export type MonthAdjustments = z.infer<typeof monthAdjustmentsSchema>;

/** A close: the switches and cost view of the page it is closed from (the first close fixes the books' basis). */
export const closeBodySchema = z.object({
  cancelled: z.enum(['exclude', 'include']).optional(),
  samples: z.enum(['separate', 'include']).optional(),
  costs: z.enum(['mine', 'service']).optional(),
});

/** The one sentence a missing or too short reason gets (the field's name is said once, by the formatter). */
const REASON_MESSAGE = `say why the month is reopened, in at least ${REOPEN_REASON_MIN_WORDS} words; it stays in the history`;

export const reopenBodySchema = z.object({
  reason: z
    .string({ error: REASON_MESSAGE })
    .trim()
    .refine((r) => r.split(/\s+/).filter(Boolean).length >= REOPEN_REASON_MIN_WORDS, { message: REASON_MESSAGE }),
});

/**
 * A month as the close dialog shows it: the whole month's figures under the books' basis (the
 * page's switches for a first close), whatever range the page shows.
 */
export const monthFactsSchema = z.object({
  month: z.string(),
  days: z.number(),
  daysStored: z.number(),
  netSales: z.number(),
  estimatedNetSales: z.number(),
  estimatedShare: z.number().nullable(),
  /** Its orders not settled yet that the statement counts, and the day of the latest of them. */
  openOrders: z.number(),
  lastOpenDay: z.string().nullable(),
  /** Days within which 9 in 10 of the shop's orders settled (null: too few seen settling yet). */
  settleDays: z.number().nullable(),
  /** The latest open order's day plus `settleDays`: when the last one is expected to have settled. */
  expectedSettledBy: z.string().nullable(),
  /** Why it may not close now, or null. */
  refusal: z.string().nullable(),
  basisWords: z.string(),
});
export type MonthFacts = z.infer<typeof monthFactsSchema>;

/**
 * What a confirmed write of the seller's inputs changed in closed months (an input write's answer,
 * `closedMonths`): the months, where the adjustments are booked, their effect on net profit and
 * count, and the sentence. `journalsOnly`: an exchange rate, which changes no statement but the
 * journals converted into the books currency.
 */
export const closedMonthsChangeSchema = z.object({
  months: z.array(z.string()),
  firstOpen: z.string().nullable(),
  cents: z.number(),
  items: z.number(),
  journalsOnly: z.boolean(),
  message: z.string(),
});
export type ClosedMonthsChange = z.infer<typeof closedMonthsChangeSchema>;

const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month as YYYY-MM, like 2026-03');

/** `books/months/[month]/…`: the shop and the month. */
export const bookMonthParamsSchema = z.object({ shopId: z.string().min(1), month: monthSchema });

/** `books/adjustments?month=`: the month whose adjustments are listed (the first open month when left out). */
export const adjustmentsQuerySchema = z.object({ month: monthSchema.optional() });
