import { z } from 'zod';
import { MAX_VIEW_RANGE_DAYS } from './defaults';
import type { RangeInput } from '@/lib/time/range';
import type { Field, Fields } from './field';
import { rangeFields, rangeInput, rangeProblem, type RangeFields, type RangeProblem } from './range';
import { defineView, type View } from './view';

// The route handler's one parse of a view's query (docs/ARCHITECTURE.md#view-contracts): a zod
// schema derived from the view's fields, strict where the URL is lenient (a refused value answers
// 400 naming the parameter and why). Server use only: the browser reads the URL with the fields.

type RangeKey = 'range' | 'from' | 'to';

/** What a route gets: each field's value (its default when absent), the range as shop-local days. */
export type ParsedView<F extends Fields> = {
  [K in Exclude<keyof F, RangeKey>]: F[K] extends Field<infer T, infer D>
    ? null extends D
      ? T | undefined
      : T
    : never;
} & ('range' extends keyof F ? { range: RangeInput } : unknown);

const RANGE_SENTENCES: Record<RangeProblem, { path: RangeKey; message: string }> = {
  'preset-and-days': { path: 'range', message: 'give either a preset range or from and to, not both' },
  'no-from': { path: 'from', message: 'is required for a custom range' },
  'no-to': { path: 'to', message: 'is required for a custom range' },
  reversed: { path: 'to', message: 'must not be earlier than from' },
  'too-long': {
    path: 'to',
    message: `the range may span at most ${MAX_VIEW_RANGE_DAYS} days (about 5 years): pick a shorter range above`,
  },
};

/** What the API's description says of a parameter (lib/server/openapi): its texts and its default. */
function describedAs(field: Field<unknown>) {
  const fallback = field.fallback === null ? {} : { description: `Default: ${field.write(field.fallback)}.` };
  return { ...field.accepts, ...fallback };
}

function fieldSchema(field: Field<unknown>) {
  return z
    .string({ error: 'must be text' })
    .optional()
    .transform((text, ctx) => {
      const read = text === undefined ? null : field.read(text);
      if (read === null) return field.fallback ?? undefined;
      if ('problem' in read) {
        ctx.addIssue({ code: 'custom', message: read.problem });
        return z.NEVER;
      }
      return read.value;
    })
    .meta(describedAs(field));
}

function viewSchema<F extends Fields>(view: View<F>): z.ZodType<ParsedView<F>> {
  const shape = Object.fromEntries(Object.entries(view.fields).map(([name, field]) => [name, fieldSchema(field)]));
  const hasRange = 'range' in view.fields;
  if (hasRange) shape.range = fieldSchema({ ...view.fields.range!, fallback: null });
  return z
    .object(shape)
    .superRefine((values, ctx) => {
      if (!hasRange) return;
      const problem = rangeProblem(values as RangeFields);
      if (problem) {
        const { path, message } = RANGE_SENTENCES[problem];
        ctx.addIssue({ code: 'custom', path: [path], message });
      }
    })
    .transform((values) => {
      if (!hasRange) return values;
      const { range, from, to, ...rest } = values as Record<string, unknown> & RangeFields;
      return { ...rest, range: rangeInput({ range, from, to }) };
    }) as unknown as z.ZodType<ParsedView<F>>;
}

/** The cached schema of a view (routes parse on every request). */
const schemas = new WeakMap<object, z.ZodType>();
export function schemaOf<F extends Fields>(view: View<F>): z.ZodType<ParsedView<F>> {
  let schema = schemas.get(view);
  if (!schema) schemas.set(view, (schema = viewSchema(view)));
  return schema as z.ZodType<ParsedView<F>>;
}

/**
 * The body of POST /shops/{shopId}/sync: the range (the views' one schema of it), `retry: true` to
 * retry a failed sync now, and `confirm: true` to start a long first read the API asked about
 * (CONFIRM_LONG_READ).
 */
export const syncBodySchema = z
  .object({
    retry: z.boolean({ error: 'must be true or false' }).optional().default(false),
    confirm: z.boolean({ error: 'must be true or false' }).optional().default(false),
  })
  .and(schemaOf(defineView(rangeFields)));
