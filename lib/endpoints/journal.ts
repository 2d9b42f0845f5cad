import { shopParamsSchema } from '@/lib/api/query-params';
import { accountMapBodySchema, accountMapDataSchema, journalQuerySchema } from '@/lib/reports/journal-schemas';
import { declareEndpoints } from './define';

// The journal of a month and the accounts its lines post to (docs/ARCHITECTURE.md#journals).

export const JOURNAL_ENDPOINTS = declareEndpoints(
  { tag: 'Journals' },
  {
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
        "One journal line per posted statement line and the counter-entries, dated the month's last day; DRAFT in the narration, journal number and file name while the month is not closed. At most 300 rows a file: a longer journal is cut into balanced parts, fetched with part=N; the X-Journal-Parts header says how many. 409 ACCOUNTS_UNMAPPED names the lines without an account.",
      access: 'view-profit',
      params: shopParamsSchema,
      query: [journalQuerySchema],
      answer: { file: 'csv', about: 'One part of the journal, in the chosen format.' },
      errors: ['NOT_SYNCED_YET', 'ACCOUNTS_UNMAPPED'],
    },
  },
);
