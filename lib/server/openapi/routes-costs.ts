import { costEntryParamsSchema, fxRateParamsSchema, shopParamsSchema } from '@/lib/api/query-params';
import {
  adSpendBodySchema,
  cogsBodySchema,
  csvUploadBodySchema,
  expenseBodySchema,
  fxRateBodySchema,
} from '@/lib/costs/schemas';
import { untyped, type Operation, type RouteDocs } from './operation';

// The seller's own costs (docs/ARCHITECTURE.md#your-costs) and exchange rates. Money in a body is
// decimal text in major units ("1,234.50"); answers carry integer cents.

const saved = untyped('{ item, audit }: the entry as stored and its audit entry');
const removed = untyped('{ audit }: the audit entry of the removal');
const undone = untyped("{ undone, audit }: the change reverted and the undo's own audit entry (UndoResult)");

/** The POST, PUT and DELETE of one kind of cost entry. */
function entryRoutes(kind: string, body: Operation['body'], conflict: boolean): RouteDocs {
  const errors = conflict ? (['CONFLICT'] as const) : [];
  return {
    [`shops/[shopId]/your-costs/${kind}`]: {
      POST: {
        summary: `Adds ${KIND_WORDS[kind]}`,
        access: 'edit-costs',
        path: shopParamsSchema,
        body,
        status: 201,
        answer: saved,
        errors,
      },
    },
    [`shops/[shopId]/your-costs/${kind}/[id]`]: {
      PUT: {
        summary: `Replaces ${KIND_WORDS[kind]} (the same body as adding one)`,
        access: 'edit-costs',
        path: costEntryParamsSchema,
        body,
        answer: saved,
        errors: ['NOT_FOUND', ...errors],
      },
      DELETE: {
        summary: `Deletes ${KIND_WORDS[kind]}`,
        access: 'edit-costs',
        path: costEntryParamsSchema,
        answer: removed,
        errors: ['NOT_FOUND'],
      },
    },
  };
}

const KIND_WORDS: Record<string, string> = {
  'ad-spend': 'an ad spend row (a day, an amount, and the SKU, product or whole shop it was spent on)',
  expenses: 'an expense of the shop (once, monthly or yearly)',
  cogs: "a SKU's unit cost from a day on (409 CONFLICT when the SKU has one on that day)",
};

const upload = {
  access: 'edit-costs',
  path: shopParamsSchema,
  body: csvUploadBodySchema,
} as const;

export const COST_ROUTES: RouteDocs = {
  'shops/[shopId]/your-costs': {
    GET: {
      summary: "The shop's cost inputs, their history (newest first), what undo would revert, and the SKUs to aim at",
      access: 'view-profit',
      path: shopParamsSchema,
      answer: untyped('CostsData'),
    },
  },
  ...entryRoutes('ad-spend', adSpendBodySchema, false),
  ...entryRoutes('expenses', expenseBodySchema, false),
  ...entryRoutes('cogs', cogsBodySchema, true),
  'shops/[shopId]/your-costs/ad-spend/import': {
    POST: {
      ...upload,
      summary: 'Previews an ad spend CSV; with commit: true replaces the ad spend of the days it covers',
      description: 'Any row error is a 400 and nothing is written. One undoable change.',
      answer: untyped('ImportResult'),
    },
  },
  'shops/[shopId]/your-costs/cogs/import': {
    GET: {
      summary: "The unit cost import's template: every SKU with its unit cost in effect today, from today",
      access: 'view-profit',
      path: shopParamsSchema,
      answer: { file: 'csv', about: 'The template: imported as it is, it changes nothing.' },
    },
    POST: {
      ...upload,
      summary:
        "Previews a unit cost CSV (each SKU's cost before → after); with commit: true writes it as one undoable change",
      description: 'Any refused line is a 400 and nothing is written.',
      answer: untyped('ImportResult<CogsImportPreview>'),
    },
  },
  'shops/[shopId]/your-costs/backup': {
    GET: {
      summary: 'Every cost input of the shop as one CSV file (the backup)',
      access: 'view-profit',
      path: shopParamsSchema,
      answer: { file: 'csv', about: 'The backup: its first row names the shop.' },
    },
    POST: {
      ...upload,
      summary: 'Previews a backup; with commit: true replaces every input of the shop (one undoable change)',
      answer: untyped('RestoreResult'),
    },
  },
  'shops/[shopId]/your-costs/undo': {
    POST: {
      summary: "Reverts the newest change of the shop's cost inputs",
      description: '409 NOTHING_TO_UNDO when there is none; 409 CONFLICT when a row it touched has changed since.',
      access: 'edit-costs',
      path: shopParamsSchema,
      answer: undone,
      errors: ['NOTHING_TO_UNDO', 'CONFLICT'],
    },
  },
  'fx-rates': {
    GET: {
      summary: "The seller's exchange rates, their history and what undo would revert",
      access: 'view-profit',
      answer: untyped('FxRatesData'),
    },
    POST: {
      summary: 'Adds an exchange rate of a currency pair from a day on',
      access: 'edit-costs',
      body: fxRateBodySchema,
      status: 201,
      answer: saved,
      errors: ['CONFLICT'],
    },
  },
  'fx-rates/[id]': {
    PUT: {
      summary: 'Replaces an exchange rate (the same body as adding one)',
      access: 'edit-costs',
      path: fxRateParamsSchema,
      body: fxRateBodySchema,
      answer: saved,
      errors: ['NOT_FOUND', 'CONFLICT'],
    },
    DELETE: {
      summary: 'Deletes an exchange rate',
      access: 'edit-costs',
      path: fxRateParamsSchema,
      answer: removed,
      errors: ['NOT_FOUND'],
    },
  },
  'fx-rates/undo': {
    POST: {
      summary: 'Reverts the newest change of the exchange rates',
      access: 'edit-costs',
      answer: undone,
      errors: ['NOTHING_TO_UNDO', 'CONFLICT'],
    },
  },
};
