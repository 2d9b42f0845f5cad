import { shopParamsSchema } from '@/lib/api/query-params';
import {
  accountMapBodySchema,
  accountMapDataSchema,
  booksCurrencyBodySchema,
  booksCurrencyDataSchema,
  journalQuerySchema,
} from '@/lib/reports/journal-schemas';
import { declareEndpoints } from './define';

// The journal of a month and the accounts its lines post to (docs/ARCHITECTURE.md#journals).

export const JOURNAL_ENDPOINTS = declareEndpoints(
  { tag: 'Journals' },
  {
    'PUT books/currency': {
      summary: "Sets the books currency every shop's journal is converted into, or null for each shop's own",
      description:
        "A shop in another currency posts its journal converted at the seller's exchange rates, each line per rate period of the month's days (as All shops converts), the rounding on a line of its own; a day without a rate refuses the journal with 409 CONFLICT naming the pair and the days.",
      access: 'close-books',
      body: booksCurrencyBodySchema,
      answer: { data: booksCurrencyDataSchema },
    },
    'GET shops/[shopId]/books/accounts': {
      summary: 'The account each line of the P&L by month posts to in a journal, and where it comes from',
      description:
        "Every line key and counter-entry with its effective account: this shop's choice, every shop's, or the default chart (source null: none, and a journal with that line is refused). code null with a source: not posted.",
      access: 'view-profit',
      params: shopParamsSchema,
      answer: { data: accountMapDataSchema },
    },
    'PUT shops/[shopId]/books/accounts': {
      summary: 'Sets the accounts of some lines, for this shop or every shop (all or none)',
      description:
        'choice account posts to code (1–10 letters, digits, dots or dashes); not-posted leaves the line out (a cost already in the books); inherit removes the saved choice of that scope.',
      access: 'close-books',
      params: shopParamsSchema,
      body: accountMapBodySchema,
      answer: { data: accountMapDataSchema },
    },
    'GET shops/[shopId]/exports/journal': {
      summary: "A month's balanced journal as Xero's manual journal import or QuickBooks Online's journal entry import",
      description:
        "One journal line per posted statement line and the counter-entries, dated the month's last day; its number is the shop's code, the month, -D while the month is not closed (DRAFT in the narration and file name) and the part, unique per shop, month and part. In the books currency when one is set (converted per rate period, the rounding on a line of its own; the QuickBooks file then has a Currency Code column). At most 300 rows a file: a longer journal is cut into balanced parts, fetched with part=N; the X-Journal-Parts header says how many. 409 ACCOUNTS_UNMAPPED names the lines without an account; 409 CONFLICT a day without an exchange rate.",
      access: 'view-profit',
      params: shopParamsSchema,
      query: [journalQuerySchema],
      answer: { file: 'csv', about: 'One part of the journal, in the chosen format.' },
      errors: ['NOT_SYNCED_YET', 'ACCOUNTS_UNMAPPED', 'CONFLICT'],
    },
  },
);
