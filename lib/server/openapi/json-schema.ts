import { z } from 'zod';
import { DASHBOARD_ERROR_CODES, type ApiErrorBody } from '@/lib/api/errors';
import { MAX_VIEW_RANGE_DAYS } from '@/lib/views/defaults';
import { DEFAULT_RANGE } from '@/lib/views/range';

// zod → JSON Schema 2020-12 (zod 4's own z.toJSONSchema), and the parameters of an operation.

export type Json = Record<string, unknown>;

/**
 * The dashboard's one error body (docs/ARCHITECTURE.md#error-body): every failed answer, whatever
 * the route. lib/api/errors reads it by hand (no zod in the browser); this schema describes it.
 */
export const errorBodySchema = z.object({
  success: z.literal(false),
  error: z.object({
    code: z.enum(DASHBOARD_ERROR_CODES),
    message: z.string().meta({ description: 'A sentence for the person; the parameter first for a 400.' }),
    requestId: z
      .string()
      .optional()
      .meta({ description: "The answer's X-Request-Id: quote it to whoever runs the dashboard." }),
    closedMonths: z.array(z.string()).optional().meta({
      description:
        'With CLOSED_MONTHS: the closed months (YYYY-MM) the write would change; send them in X-Confirm-Closed-Months to save it.',
    }),
  }),
}) satisfies z.ZodType<ApiErrorBody>;

/** Converts schemas, collecting their named parts (`.meta({ id })`) as components. */
export class SchemaSet {
  readonly components: Record<string, Json> = {};

  /** Request parts are described as sent (`io: 'input'`), answers as written (`output`). */
  convert(schema: z.ZodType, io: 'input' | 'output'): Json {
    // A transform or refinement has no JSON Schema: it is described by what it reads ('any' leaves it open).
    const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
    const text = JSON.stringify(converted).replaceAll('"#/$defs/', '"#/components/schemas/');
    const { $schema: _dialect, $defs, ...rest } = JSON.parse(text) as Json & { $defs?: Record<string, Json> };
    for (const [name, def] of Object.entries($defs ?? {})) {
      const known = this.components[name];
      if (known && JSON.stringify(known) !== JSON.stringify(def))
        throw new Error(`OpenAPI: two different schemas are named ${name}`);
      this.components[name] = def;
    }
    return rest;
  }

  /** One parameter per property of an object schema (a view's parse included), described as sent. */
  parameters(schema: z.ZodType, where: 'path' | 'query'): Json[] {
    const json = this.convert(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
    if (!json.properties) throw new Error('OpenAPI: a path or query schema must be an object');
    return Object.entries(json.properties).map(([name, property]) => {
      const { description: defaultSentence, ...rest } = property as Json & { description?: string };
      const words = [PARAMETER_WORDS[name], defaultSentence].filter(Boolean).join(' ');
      return {
        name,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
        ...(words ? { description: words } : {}),
        schema: rest,
      };
    });
  }
}

const RANGE = `A range is a preset (range) or two days (from and to, at most ${MAX_VIEW_RANGE_DAYS} days apart), on the shop's calendar; neither means ${DEFAULT_RANGE}.`;

/** What each parameter name means, the same on every route. */
const PARAMETER_WORDS: Record<string, string> = {
  shopId: 'The shop (its id in the shop list).',
  id: 'The entry, person, link, rule, channel or connection.',
  token: "The one-time link's token (the credential).",
  range: `A preset range. ${RANGE}`,
  from: `The range's first day, YYYY-MM-DD. ${RANGE}`,
  to: `The range's last day, YYYY-MM-DD, inclusive. ${RANGE}`,
  page: 'Page number, from 1.',
  limit: 'Rows per page.',
  sort: 'Sort order or column.',
  dir: 'Sort direction.',
  q: 'Part of a SKU name, seller SKU or id; case-insensitive.',
  name: 'Part of the name; case-insensitive.',
  status: 'Order status, e.g. COMPLETED; case-insensitive.',
  orderType: 'SETTLED, UNSETTLED or DRAFT.',
  sampleOrder: 'Sample orders only (YES) or none (NO).',
  orderNumber: 'Part of the order number.',
  productId: 'Part of the platform product id.',
  skuId: 'Part of the SKU id.',
  skuName: 'Part of the SKU name or seller SKU.',
  costs: "Which costs count: the seller's own inputs too (mine) or the service's figures only (service).",
  allocate: "on spreads the shop's ad spend and expenses over the SKUs by net sales share.",
  cancelled: 'include counts cancelled orders.',
  samples: 'include counts samples as ordinary orders; separate keeps them apart.',
  forecast: 'on adds the expected settled figures of open orders beside the estimate, labelled as a forecast.',
  currency: 'The currency every shop is converted into (3 letters).',
  merge: 'sellerSku makes one row of the same seller SKU across shops; none, one row per shop and SKU.',
  format: 'csv, or xlsx for an Excel workbook of the same columns.',
  table: 'shops: one row per shop; skus: the SKU ranking by profit (needs "can see costs and profit").',
};
