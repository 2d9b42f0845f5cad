import { z } from 'zod';

// Path parameters and the shop list's filter of the dashboard API. A view's query (range, filters,
// switches) is its view's contract in lib/views, which an endpoint declares as its query (schemaOf).

const text = z.string().trim().max(200, { error: 'must be at most 200 characters' });
/** An optional filter: an empty value means "no filter", as an empty input box does. */
const filter = text.transform((v) => (v === '' ? undefined : v)).optional();

export const shopsQuerySchema = z.object({ name: filter });

export const shopParamsSchema = z.object({
  shopId: z
    .string()
    .min(1, { error: 'is required' })
    .max(200, { error: 'must be at most 200 characters' })
    // It becomes an X-Shop-Id header: printable ASCII only.
    .regex(/^[\x21-\x7e]+$/, { error: 'must be printable characters without spaces' }),
});

const entryId = z
  .string()
  .min(1, { error: 'is required' })
  .max(200, { error: 'must be at most 200 characters' })
  .regex(/^[\x21-\x7e]+$/, { error: 'must be printable characters without spaces' });

/** A cost input of a shop: /shops/{shopId}/your-costs/<kind>/{id}. */
export const costEntryParamsSchema = shopParamsSchema.extend({ id: entryId });
/** A kind of the seller's costs, by its path (lib/costs/kinds: `ad-spend`, `expenses`, `cogs`, `fulfilment`). */
const costKind = z
  .string()
  .regex(/^[a-z][a-z-]*$/, { error: "must be a cost kind's path, like ad-spend" })
  .meta({ description: "A cost kind's path: ad-spend, expenses, cogs or fulfilment." });
/** /shops/{shopId}/your-costs/{kind}. */
export const costKindParamsSchema = shopParamsSchema.extend({ kind: costKind });
/** /shops/{shopId}/your-costs/{kind}/{id}. */
export const costKindEntryParamsSchema = costEntryParamsSchema.extend({ kind: costKind });
/** A seller-level exchange rate: /fx-rates/{id}. */
export const fxRateParamsSchema = z.object({ id: entryId });
