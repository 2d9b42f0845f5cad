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

export const reopenBodySchema = z.object({
  reason: z
    .string({ error: 'reason: say why the month is reopened (a few words); it stays in the history' })
    .trim()
    .refine((r) => r.split(/\s+/).filter(Boolean).length >= REOPEN_REASON_MIN_WORDS, {
      message: `reason: say why the month is reopened in at least ${REOPEN_REASON_MIN_WORDS} words; it stays in the history`,
    }),
});

const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month as YYYY-MM, like 2026-03');

/** `books/months/[month]/…`: the shop and the month. */
export const bookMonthParamsSchema = z.object({ shopId: z.string().min(1), month: monthSchema });

/** `books/adjustments?month=`: the month whose adjustments are listed (the first open month when left out). */
export const adjustmentsQuerySchema = z.object({ month: monthSchema.optional() });
