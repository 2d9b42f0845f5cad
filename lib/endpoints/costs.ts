import { z } from 'zod';
import {
  costKindEntryParamsSchema,
  costKindParamsSchema,
  fxRateParamsSchema,
  shopParamsSchema,
} from '@/lib/api/query-params';
import { KINDS } from '@/lib/costs/kinds';
import { costEntryBodySchema, KIND_BODIES } from '@/lib/costs/kind-bodies';
import { csvUploadBodySchema, fxRateBodySchema } from '@/lib/costs/schemas';
import {
  adSpendImportSchema,
  cogsImportSchema,
  costsDataSchema,
  entrySavedSchema,
  fxRateSavedSchema,
  fxRatesDataSchema,
  removalSchema,
  restoreSchema,
  undoSchema,
} from './answers-costs';
import { declareEndpoints } from './define';

// The seller's own costs (docs/ARCHITECTURE.md#your-costs) and exchange rates. Money in a body is
// decimal text in major units ("1,234.50"); answers carry integer cents.

// The one body schema of `your-costs/[kind]` (a JSON object the kind's own schema then checks) is
// described as what each kind takes: every kind's body as sent, titled with its path.
z.globalRegistry.add(costEntryBodySchema, {
  description: `The entry, as the kind the path names takes it: ${KINDS.map((k) => k.path).join(', ')}. Money as decimal text in major units ("1,234.50").`,
  anyOf: KINDS.map((k) => {
    const { $schema: _s, ...body } = z.toJSONSchema(KIND_BODIES[k.id], {
      target: 'draft-2020-12',
      io: 'input',
      unrepresentable: 'any',
    }) as Record<string, unknown>;
    return { title: k.path, ...body };
  }),
});

/** The POST, PUT and DELETE of an entry of any cost kind (lib/costs/kinds): one route, the kind in the path. */
const KIND_WORDS = KINDS.map((k) => `${k.path} (${k.labels.one})`).join(', ');
const undone = { data: undoSchema };

/** A body carrying a CSV file (lib/costs reads at most 2 MB of it; JSON escaping can double its size). */
const upload = {
  access: 'edit-costs',
  params: shopParamsSchema,
  body: csvUploadBodySchema,
  bodyBytes: 6 * 1024 * 1024,
} as const;

/**
 * Every write of the inputs is guarded by the books (lib/server/actions/closed-months): one that
 * reaches a closed month is refused until the request names the months it confirms.
 */
const CLOSED_MONTHS_WORDS =
  "A write that reaches days of a closed month (an exchange rate: of a shop whose journal it converts into the books currency) is refused with 409 CLOSED_MONTHS naming the months in error.closedMonths, nothing written; sent again with the header X-Confirm-Closed-Months: those months (comma-separated YYYY-MM), it is saved and its answer's closedMonths says what it changed there, booked as adjustments to closed periods in the first open month.";

export const COST_ENDPOINTS = declareEndpoints(
  { tag: 'Your costs and exchange rates' },
  {
    'GET shops/[shopId]/your-costs': {
      summary: "The shop's cost inputs, their history (newest first), what undo would revert, and the SKUs to aim at",
      access: 'view-profit',
      params: shopParamsSchema,
      answer: { data: costsDataSchema },
    },
    'POST shops/[shopId]/your-costs/[kind]': {
      summary: 'Adds an entry of a cost kind',
      description:
        CLOSED_MONTHS_WORDS +
        ' ' +
        `Kinds: ${KIND_WORDS}. 404 NOT_FOUND for a kind that does not exist; 409 CONFLICT when the kind allows one entry per key (a SKU's unit cost on a day; a fulfilment rate of a SKU or every SKU, basis and day) and it exists.`,
      access: 'edit-costs',
      params: costKindParamsSchema,
      body: costEntryBodySchema,
      status: 201,
      answer: { data: entrySavedSchema },
      errors: ['NOT_FOUND', 'CONFLICT', 'CLOSED_MONTHS'],
    },
    'PUT shops/[shopId]/your-costs/[kind]/[id]': {
      description: CLOSED_MONTHS_WORDS,
      summary: 'Replaces an entry of a cost kind (the same body as adding one)',
      access: 'edit-costs',
      params: costKindEntryParamsSchema,
      body: costEntryBodySchema,
      answer: { data: entrySavedSchema },
      errors: ['NOT_FOUND', 'CONFLICT', 'CLOSED_MONTHS'],
    },
    'DELETE shops/[shopId]/your-costs/[kind]/[id]': {
      description: CLOSED_MONTHS_WORDS,
      summary: 'Deletes an entry of a cost kind',
      access: 'edit-costs',
      params: costKindEntryParamsSchema,
      answer: { data: removalSchema },
      errors: ['NOT_FOUND', 'CLOSED_MONTHS'],
    },
    'POST shops/[shopId]/your-costs/ad-spend/import': {
      ...upload,
      summary: 'Previews an ad spend CSV; with commit: true replaces the ad spend of the days it covers',
      description: CLOSED_MONTHS_WORDS + ' ' + 'Any row error is a 400 and nothing is written. One undoable change.',
      answer: { data: adSpendImportSchema },
      errors: ['CLOSED_MONTHS'],
    },
    'GET shops/[shopId]/your-costs/cogs/import': {
      summary:
        "The unit cost import's template: every SKU with its unit cost in effect today, from the day it starts (blank without one)",
      access: 'view-profit',
      params: shopParamsSchema,
      answer: { file: 'csv', about: 'The template: imported as it is, it changes nothing.' },
    },
    'POST shops/[shopId]/your-costs/cogs/import': {
      ...upload,
      summary:
        "Previews a unit cost CSV (each SKU's cost before → after); with commit: true writes it as one undoable change",
      description: CLOSED_MONTHS_WORDS + ' ' + 'Any refused line is a 400 and nothing is written.',
      answer: { data: cogsImportSchema },
      errors: ['CLOSED_MONTHS'],
    },
    'GET shops/[shopId]/your-costs/backup': {
      summary: 'Every cost input of the shop as one CSV file (the backup)',
      access: 'view-profit',
      params: shopParamsSchema,
      answer: { file: 'csv', about: 'The backup: its first row names the shop.' },
    },
    'POST shops/[shopId]/your-costs/backup': {
      description: CLOSED_MONTHS_WORDS,
      ...upload,
      summary: 'Previews a backup; with commit: true replaces every input of the shop (one undoable change)',
      answer: { data: restoreSchema },
      errors: ['CLOSED_MONTHS'],
    },
    'POST shops/[shopId]/your-costs/undo': {
      summary: "Reverts the newest change of the shop's cost inputs",
      description:
        CLOSED_MONTHS_WORDS +
        ' ' +
        '409 NOTHING_TO_UNDO when there is none; 409 CONFLICT when a row it touched has changed since.',
      access: 'edit-costs',
      params: shopParamsSchema,
      answer: undone,
      errors: ['NOTHING_TO_UNDO', 'CONFLICT', 'CLOSED_MONTHS'],
    },
    'GET fx-rates': {
      summary: "The seller's exchange rates, their history and what undo would revert",
      access: 'view-profit',
      answer: { data: fxRatesDataSchema },
    },
    'POST fx-rates': {
      description: CLOSED_MONTHS_WORDS,
      summary: 'Adds an exchange rate of a currency pair from a day on',
      access: 'edit-costs',
      body: fxRateBodySchema,
      status: 201,
      answer: { data: fxRateSavedSchema },
      errors: ['CONFLICT', 'CLOSED_MONTHS'],
    },
    'PUT fx-rates/[id]': {
      description: CLOSED_MONTHS_WORDS,
      summary: 'Replaces an exchange rate (the same body as adding one)',
      access: 'edit-costs',
      params: fxRateParamsSchema,
      body: fxRateBodySchema,
      answer: { data: fxRateSavedSchema },
      errors: ['NOT_FOUND', 'CONFLICT', 'CLOSED_MONTHS'],
    },
    'DELETE fx-rates/[id]': {
      description: CLOSED_MONTHS_WORDS,
      summary: 'Deletes an exchange rate',
      access: 'edit-costs',
      params: fxRateParamsSchema,
      answer: { data: removalSchema },
      errors: ['NOT_FOUND', 'CLOSED_MONTHS'],
    },
    'POST fx-rates/undo': {
      description: CLOSED_MONTHS_WORDS,
      summary: 'Reverts the newest change of the exchange rates',
      access: 'edit-costs',
      answer: undone,
      errors: ['NOTHING_TO_UNDO', 'CONFLICT', 'CLOSED_MONTHS'],
    },
  },
);
