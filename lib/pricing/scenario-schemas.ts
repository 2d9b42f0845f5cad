import { z } from 'zod';
import { parseChanges, SCENARIO_NAME_MAX } from './scenario';

// The Pricing page's saved scenarios (docs/ARCHITECTURE.md#pricing): the body that saves one and
// the list the page reads. Client-safe: the page parses and sends these. The changes are checked by
// the rule the page's URL field uses (lib/views/pricing), so a saved scenario always opens.

export const scenarioBodySchema = z.object({
  /** Present to rename or update a saved scenario; absent to save a new one. */
  id: z.string().min(1).max(64).optional(),
  name: z
    .string()
    .trim()
    .min(1, 'Give the scenario a name.')
    .max(SCENARIO_NAME_MAX, `The name must be at most ${SCENARIO_NAME_MAX} characters.`),
  changes: z
    .string()
    .trim()
    .min(1, 'The scenario has no change to save.')
    .max(4000, 'The changes must be at most 4,000 characters.')
    .superRefine((value, ctx) => {
      const parsed = parseChanges(value);
      if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: parsed });
    }),
  /** Units move by (new price / old)^elasticity: −10 to 0, null for none. */
  elasticity: z.number().min(-10).max(0).nullable().optional(),
});
export type ScenarioBody = z.infer<typeof scenarioBodySchema>;

export const savedScenarioSchema = z.object({
  id: z.string(),
  name: z.string(),
  changes: z.string(),
  elasticity: z.number().nullable(),
  createdBy: z.string(),
  /** Milliseconds since the epoch. */
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type SavedScenario = z.infer<typeof savedScenarioSchema>;

export const scenarioListSchema = z.object({ scenarios: z.array(savedScenarioSchema) });
export type ScenarioList = z.infer<typeof scenarioListSchema>;
