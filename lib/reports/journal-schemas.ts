import { z } from 'zod';
import { ACCOUNT_CODE_MESSAGE, ACCOUNT_CODE_RULE } from './journal-constants';
import { JOURNAL_FORMATS } from './journal-files';

// The journal's API bodies and queries (docs/ARCHITECTURE.md#journals). Client-safe: the mapping
// screen checks a code with the same rule the server does.

const accountCode = z.string().trim().regex(ACCOUNT_CODE_RULE, ACCOUNT_CODE_MESSAGE);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * One line's account: `account` posts it to `code`; `not-posted` leaves it out of the journal (a cost
 * already in the books from its bill); `inherit` removes the saved choice of that scope, so every
 * shop's choice or the default applies again.
 */
export const accountChangeSchema = z
  .object({
    key: z
      .string()
      .regex(/^[A-Za-z0-9.:_-]{1,120}$/, 'must be a line key of the P&L by month, like fees.transactionFee'),
    scope: z.enum(['shop', 'every-shop']),
    choice: z.enum(['account', 'not-posted', 'inherit']),
    code: accountCode.nullish(),
    name: optionalText(150),
    taxRate: optionalText(60),
  })
  .superRefine((v, ctx) => {
    if (v.choice === 'account' && !v.code)
      ctx.addIssue({ code: 'custom', path: ['code'], message: ACCOUNT_CODE_MESSAGE });
    if (v.choice === 'not-posted' && (v.key === 'clearing' || v.key.startsWith('contra.')))
      ctx.addIssue({
        code: 'custom',
        path: ['choice'],
        message: 'a counter-entry needs an account: the journal would not balance without it',
      });
  });

export const accountMapBodySchema = z.object({
  accounts: z.array(accountChangeSchema).min(1, 'send at least one account').max(500, 'at most 500 accounts at once'),
});

export type AccountMapBody = z.infer<typeof accountMapBodySchema>;

export const journalQuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month like 2026-03'),
  format: z.enum(JOURNAL_FORMATS as unknown as ['xero', 'quickbooks'], { error: 'must be xero or quickbooks' }),
  part: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').default(1),
});

export type JournalQuery = z.infer<typeof journalQuerySchema>;

const effectiveAccountSchema = z.object({
  key: z.string(),
  label: z.string(),
  role: z.enum(['line', 'contra']),
  code: z.string().nullable(),
  name: z.string().nullable(),
  taxRate: z.string().nullable(),
  source: z.enum(['default', 'every-shop', 'shop']).nullable(),
  updatedAt: z.number().nullable(),
  updatedBy: z.string().nullable(),
});

/** The mapping screen's answer: every key's effective account and where it comes from, and the books currency. */
export const accountMapDataSchema = z.object({
  accounts: z.array(effectiveAccountSchema),
  /** The tax rate of a row that names none: the shop's country's (lib/reports/journal-accounts). */
  defaultTaxRate: z.string(),
  canEdit: z.boolean(),
  /** The currency every shop's journal is converted into, or null: each shop's own. */
  booksCurrency: z.string().nullable(),
  shopCurrency: z.string(),
  /** The currencies of the shops the person sees (the books currency's choices). */
  currencies: z.array(z.string()),
});

/** The books currency (a 3-letter code), or null for each shop's own currency. */
export const booksCurrencyBodySchema = z.object({
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'must be a 3-letter currency code such as USD, or null for each shop’s own currency')
    .nullable(),
});

export type BooksCurrencyBody = z.infer<typeof booksCurrencyBodySchema>;

export const booksCurrencyDataSchema = z.object({ currency: z.string().nullable() });
export type BooksCurrencyData = z.infer<typeof booksCurrencyDataSchema>;

export type AccountMapData = z.infer<typeof accountMapDataSchema>;
