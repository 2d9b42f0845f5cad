import { z } from 'zod';
import { costEntryParamsSchema, shopParamsSchema } from '@/lib/api/query-params';
import { savedScenarioSchema, scenarioBodySchema, scenarioListSchema } from '@/lib/pricing/scenario-schemas';
import { declareEndpoints } from './define';

// The Pricing page's saved scenarios (docs/ARCHITECTURE.md#pricing): named what-if text, never a figure.

export const PRICING_ENDPOINTS = declareEndpoints(
  { tag: 'Pricing scenarios' },
  {
    'GET shops/[shopId]/pricing/scenarios': {
      summary: "The shop's saved pricing scenarios, by name",
      description:
        'Each is the what-if as the Pricing page URL carries it (changes, elasticity), with who saved it and when; opening one gives the same what-if as GET …/reports/pricing with those fields.',
      access: 'view-profit',
      params: shopParamsSchema,
      answer: { data: scenarioListSchema },
    },
    'POST shops/[shopId]/pricing/scenarios': {
      summary: 'Saves a named pricing scenario (with id: renames or updates it)',
      description:
        'name 1–80 characters, unique per shop (409 CONFLICT "A scenario named … already exists"); changes checked as the page\'s changes field. Stored text only: no reported figure changes.',
      access: 'edit-costs',
      params: shopParamsSchema,
      body: scenarioBodySchema,
      answer: { data: savedScenarioSchema },
      errors: ['CONFLICT', 'NOT_FOUND'],
    },
    'DELETE shops/[shopId]/pricing/scenarios/[id]': {
      summary: 'Deletes a saved pricing scenario',
      access: 'edit-costs',
      params: costEntryParamsSchema,
      answer: { data: z.object({ deleted: z.string() }) },
      errors: ['NOT_FOUND'],
    },
  },
);
