import { costEntryParamsSchema, fxRateParamsSchema, shopParamsSchema } from '@/lib/api/query-params';
import {
  adSpendBodySchema,
  cogsBodySchema,
  csvUploadBodySchema,
  expenseBodySchema,
  fxRateBodySchema,
} from '@/lib/costs/schemas';
import {
  adSpendImportSchema,
  adSpendSavedSchema,
  cogsImportSchema,
  cogsSavedSchema,
  costsDataSchema,
  expenseSavedSchema,
  fxRateSavedSchema,
  fxRatesDataSchema,
  removalSchema,
  restoreSchema,
  undoSchema,
} from './answers-costs';
import { data, type Answer, type Operation, type RouteDocs } from './operation';

// The seller's own costs (docs/ARCHITECTURE.md#your-costs) and exchange rates. Money in a body is
// decimal text in major units ("1,234.50"); answers carry integer cents.

/** A kind of cost entry: what it is, its body, its saved answer, whether a second one on a day clashes. */
interface EntryKind {
  words: string;
  body: Operation['body'];
  saved: Answer;
  conflict: boolean;
}

const KINDS: Record<string, EntryKind> = {
  'ad-spend': {
    words: 'an ad spend row (a day, an amount, and the SKU, product or whole shop it was spent on)',
    body: adSpendBodySchema,
    saved: data(adSpendSavedSchema),
    conflict: false,
  },
  expenses: {
    words: 'an expense of the shop (once, monthly or yearly)',
    body: expenseBodySchema,
    saved: data(expenseSavedSchema),
    conflict: false,
  },
  cogs: {
    words: "a SKU's unit cost from a day on (409 CONFLICT when the SKU has one on that day)",
    body: cogsBodySchema,
    saved: data(cogsSavedSchema),
    conflict: true,
  },
};

/** The POST, PUT and DELETE of one kind of cost entry. */
function entryRoutes(kind: string): RouteDocs {
  const { words, body, saved, conflict } = KINDS[kind]!;
  const errors = conflict ? (['CONFLICT'] as const) : [];
  return {
    [`shops/[shopId]/your-costs/${kind}`]: {
      POST: {
        summary: `Adds ${words}`,
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
        summary: `Replaces ${words} (the same body as adding one)`,
        access: 'edit-costs',
        path: costEntryParamsSchema,
        body,
        answer: saved,
        errors: ['NOT_FOUND', ...errors],
      },
      DELETE: {
        summary: `Deletes ${words}`,
        access: 'edit-costs',
        path: costEntryParamsSchema,
        answer: data(removalSchema),
        errors: ['NOT_FOUND'],
      },
    },
  };
}

const undone = data(undoSchema);

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
      answer: data(costsDataSchema),
    },
  },
  ...entryRoutes('ad-spend'),
  ...entryRoutes('expenses'),
  ...entryRoutes('cogs'),
  'shops/[shopId]/your-costs/ad-spend/import': {
    POST: {
      ...upload,
      summary: 'Previews an ad spend CSV; with commit: true replaces the ad spend of the days it covers',
      description: 'Any row error is a 400 and nothing is written. One undoable change.',
      answer: data(adSpendImportSchema),
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
      answer: data(cogsImportSchema),
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
      answer: data(restoreSchema),
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
      answer: data(fxRatesDataSchema),
    },
    POST: {
      summary: 'Adds an exchange rate of a currency pair from a day on',
      access: 'edit-costs',
      body: fxRateBodySchema,
      status: 201,
      answer: data(fxRateSavedSchema),
      errors: ['CONFLICT'],
    },
  },
  'fx-rates/[id]': {
    PUT: {
      summary: 'Replaces an exchange rate (the same body as adding one)',
      access: 'edit-costs',
      path: fxRateParamsSchema,
      body: fxRateBodySchema,
      answer: data(fxRateSavedSchema),
      errors: ['NOT_FOUND', 'CONFLICT'],
    },
    DELETE: {
      summary: 'Deletes an exchange rate',
      access: 'edit-costs',
      path: fxRateParamsSchema,
      answer: data(removalSchema),
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
