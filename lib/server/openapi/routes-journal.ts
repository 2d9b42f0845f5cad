import { shopParamsSchema } from '@/lib/api/query-params';
import { accountMapBodySchema, accountMapDataSchema, journalQuerySchema } from '@/lib/reports/journal-schemas';
import { data, type RouteDocs } from './operation';

// The journal of a month and the accounts its lines post to (docs/ARCHITECTURE.md#journals).

export const JOURNAL_ROUTES: RouteDocs = {
  'shops/[shopId]/books/accounts': {
    GET: {
      summary: 'The account each line of the P&L by month posts to in a journal, and where it comes from',
      description:
        "Every line key and counter-entry with its effective account: this shop's choice, every shop's, or the default chart (source null: none, and a journal with that line is refused). code null with a source: not posted.",
      access: 'view-profit',
      path: shopParamsSchema,
      answer: data(accountMapDataSchema),
    },
    PUT: {
      summary: 'Sets the accounts of some lines, for this shop or every shop (all or none)',
      description:
        'choice account posts to code (1–10 letters, digits, dots or dashes); not-posted leaves the line out (a cost already in the books); inherit removes the saved choice of that scope.',
      access: 'close-books',
      path: shopParamsSchema,
      body: accountMapBodySchema,
      answer: data(accountMapDataSchema),
    },
  },
  'shops/[shopId]/exports/journal': {
    GET: {
      summary: "A month's balanced journal as Xero's manual journal import or QuickBooks Online's journal entry import",
      description:
        "One journal line per posted statement line and the counter-entries, dated the month's last day; DRAFT in the narration, journal number and file name while the month is not closed. At most 300 rows a file: a longer journal is cut into balanced parts, fetched with part=N; the X-Journal-Parts header says how many. 409 ACCOUNTS_UNMAPPED names the lines without an account.",
      access: 'view-profit',
      path: shopParamsSchema,
      query: [journalQuerySchema],
      answer: { file: 'csv', about: 'One part of the journal, in the chosen format.' },
      errors: ['NOT_SYNCED_YET', 'ACCOUNTS_UNMAPPED'],
    },
  },
};
