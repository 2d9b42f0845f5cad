import { z } from 'zod';
import { KINDS, type CostKindId } from './kinds';
import { adSpendBodySchema, cogsBodySchema, expenseBodySchema, fulfilmentBodySchema } from './schemas';

// Each cost kind's write body, by the kind's id: apart from the registry (lib/costs/kinds), so the
// Your costs page's words and forms load without zod, and the forms load these when first used.

/** Each cost kind's write body (`your-costs/{kind}`), by the kind's id. */
export const KIND_BODIES = {
  adSpend: adSpendBodySchema,
  expenses: expenseBodySchema,
  cogs: cogsBodySchema,
  fulfilment: fulfilmentBodySchema,
} as const satisfies Record<CostKindId, z.ZodType>;

const BODY_BY_ID: ReadonlyMap<string, z.ZodType> = new Map(Object.entries(KIND_BODIES));

/** The write body's schema of a kind of the registry (every kind has one: KIND_BODIES is checked against the ids). */
export function kindBodySchema(kind: { id: string }): z.ZodType {
  const schema = BODY_BY_ID.get(kind.id);
  if (!schema) throw new Error(`cost kind ${kind.id} has no write body in KIND_BODIES`);
  return schema;
}

/**
 * The write body of `your-costs/{kind}` as the route reads it: a JSON object, then checked by the
 * kind's own schema (KIND_BODIES), whose messages name its fields.
 */
export const costEntryBodySchema = z.looseObject({}).meta({
  description: `The entry, as the kind the path names takes it (checked by that kind's schema): ${KINDS.map((k) => k.path).join(', ')}. Money as decimal text in major units ("1,234.50").`,
});
