import { z } from 'zod';
import { costEntryParamsSchema, shopParamsSchema } from '@/lib/api/query-params';
import { savedScenarioSchema, scenarioBodySchema, scenarioListSchema } from '@/lib/pricing/scenario-schemas';
import { data, type RouteDocs } from './operation';

// The Pricing page's saved scenarios (docs/ARCHITECTURE.md#pricing): named what-if text, never a figure.

export const PRICING_ROUTES: RouteDocs = {
  'shops/[shopId]/pricing/scenarios': {
    GET: {
      summary: "The shop's saved pricing scenarios, by name",
      description:
        'Each is the what-if as the Pricing page URL carries it (changes, elasticity), with who saved it and when; opening one gives the same what-if as GET …/reports/pricing with those fields.',
      access: 'view-profit',
      path: shopParamsSchema,
      answer: data(scenarioListSchema),
    },
    POST: {
      summary: 'Saves a named pricing scenario (with id: renames or updates it)',
      description:
        'name 1–80 characters, unique per shop (409 CONFLICT "A scenario named … already exists"); changes checked as the page\'s changes field. Stored text only: no reported figure changes.',
      access: 'edit-costs',
      path: shopParamsSchema,
      body: scenarioBodySchema,
      answer: data(savedScenarioSchema),
      errors: ['CONFLICT', 'NOT_FOUND'],
    },
  },
  'shops/[shopId]/pricing/scenarios/[id]': {
    DELETE: {
      summary: 'Deletes a saved pricing scenario',
      access: 'edit-costs',
      path: costEntryParamsSchema,
      answer: data(z.object({ deleted: z.string() })),
      errors: ['NOT_FOUND'],
    },
  },
};
