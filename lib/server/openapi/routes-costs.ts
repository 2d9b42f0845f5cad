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
import { METHODS, data, type Method, type Operation, type RouteDocs } from './operation';

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
const ENTRY_ROUTES: RouteDocs = {
  'shops/[shopId]/your-costs/[kind]': {
    POST: {
      summary: 'Adds an entry of a cost kind',
      description: `Kinds: ${KIND_WORDS}. 404 NOT_FOUND for a kind that does not exist; 409 CONFLICT when the kind allows one entry per key (a SKU's unit cost on a day; a fulfilment rate of a SKU or every SKU, basis and day) and it exists.`,
      access: 'edit-costs',
      path: costKindParamsSchema,
      body: costEntryBodySchema,
      status: 201,
      answer: data(entrySavedSchema),
      errors: ['NOT_FOUND', 'CONFLICT'],
    },
  },
  'shops/[shopId]/your-costs/[kind]/[id]': {
    PUT: {
      summary: 'Replaces an entry of a cost kind (the same body as adding one)',
      access: 'edit-costs',
      path: costKindEntryParamsSchema,
      body: costEntryBodySchema,
      answer: data(entrySavedSchema),
      errors: ['NOT_FOUND', 'CONFLICT'],
    },
    DELETE: {
      summary: 'Deletes an entry of a cost kind',
      access: 'edit-costs',
      path: costKindEntryParamsSchema,
      answer: data(removalSchema),
      errors: ['NOT_FOUND'],
    },
  },
};

const undone = data(undoSchema);

const upload = {
  access: 'edit-costs',
  path: shopParamsSchema,
  body: csvUploadBodySchema,
} as const;

/**
 * Every write of the inputs is guarded by the books (lib/server/actions/closed-months): one that
 * reaches a closed month is refused until the request names the months it confirms.
 */
function guardedByTheBooks(docs: RouteDocs): RouteDocs {
  const words =
    "A write that reaches days of a closed month (an exchange rate: of a shop whose journal it converts into the books currency) is refused with 409 CLOSED_MONTHS naming the months in error.closedMonths, nothing written; sent again with the header X-Confirm-Closed-Months: those months (comma-separated YYYY-MM), it is saved and its answer's closedMonths says what it changed there, booked as adjustments to closed periods in the first open month.";
  return Object.fromEntries(
    Object.entries(docs).map(([path, ops]) => [
      path,
      Object.fromEntries(
        METHODS.flatMap((m): [Method, Operation][] => {
          const op = ops[m];
          if (!op) return [];
          if (m === 'GET') return [[m, op]];
          const description = op.description ? `${op.description} ${words}` : words;
          return [[m, { ...op, description, errors: [...(op.errors ?? []), 'CLOSED_MONTHS'] }]];
        }),
      ),
    ]),
  );
}

export const COST_ROUTES: RouteDocs = guardedByTheBooks({
  'shops/[shopId]/your-costs': {
    GET: {
      summary: "The shop's cost inputs, their history (newest first), what undo would revert, and the SKUs to aim at",
      access: 'view-profit',
      path: shopParamsSchema,
      answer: data(costsDataSchema),
    },
  },
  ...ENTRY_ROUTES,
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
});
