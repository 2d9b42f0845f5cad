import { z } from 'zod';
import { dayCount, RANGE_PRESET_IDS, type RangeInput, type RangePresetId } from '@/lib/time';
import { dateStringSchema } from '@/lib/time/schemas';

// Query parameters of the dashboard API. Client-safe: pages parse their URL with the same schemas,
// so a page can forward its search params to the API unchanged.

// Page sizes and the default range live in ./view-defaults (no zod) so browser code can use them.
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_ALL_SHOPS_CURRENCY,
  DEFAULT_RANGE_PRESET,
  MAX_VIEW_RANGE_DAYS,
  PAGE_SIZES,
  ALL_SHOPS_MERGES,
  type PageSize,
} from './view-defaults';

const text = z.string().trim().max(200, { error: 'must be at most 200 characters' });
/** An optional filter: an empty value means "no filter", as an empty input box does. */
const filter = text.transform((v) => (v === '' ? undefined : v)).optional();

const pageParam = z
  .string()
  .regex(/^\d+$/, { error: 'must be a positive integer' })
  .transform(Number)
  .pipe(z.number().int().min(1, { error: 'must be at least 1' }).max(10_000_000, { error: 'is too large' }))
  .default(1);

const limitParam = z
  .enum(PAGE_SIZES.map(String) as [string, ...string[]], { error: `must be one of ${PAGE_SIZES.join(', ')}` })
  .transform((v) => Number(v) as PageSize)
  .default(DEFAULT_PAGE_SIZE);

const sortParam = z.enum(['desc', 'asc'], { error: 'must be desc or asc' }).default('desc');

/** The longest range one view may ask for (see view-defaults). */
export const MAX_RANGE_DAYS = MAX_VIEW_RANGE_DAYS;

const rangeFields = {
  range: z.enum(RANGE_PRESET_IDS, { error: `must be one of ${RANGE_PRESET_IDS.join(', ')}` }).optional(),
  from: dateStringSchema.optional(),
  to: dateStringSchema.optional(),
};

type RangeFields = { range?: RangePresetId | undefined; from?: string | undefined; to?: string | undefined };

function checkRange(value: RangeFields, ctx: z.RefinementCtx) {
  const custom = value.range === 'custom' || value.from !== undefined || value.to !== undefined;
  if (!custom) return;
  if (value.range !== undefined && value.range !== 'custom') {
    ctx.addIssue({ code: 'custom', path: ['range'], message: 'give either a preset range or from and to, not both' });
  } else if (value.from === undefined) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'is required for a custom range' });
  } else if (value.to === undefined) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'is required for a custom range' });
  } else if (value.to < value.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be earlier than from' });
  } else if (dayCount(value.from, value.to) > MAX_RANGE_DAYS) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `the range may span at most ${MAX_RANGE_DAYS} days (about 5 years): pick a shorter range above`,
    });
  }
}

function toSelection<T extends RangeFields>(value: T): Omit<T, keyof RangeFields> & { range: RangeInput } {
  const { range, from, to, ...rest } = value;
  if (from !== undefined && to !== undefined) return { ...rest, range: { from, to } };
  const preset = range === undefined || range === 'custom' ? DEFAULT_RANGE_PRESET : range;
  return { ...rest, range: { preset } };
}

const paging = { page: pageParam, limit: limitParam, sort: sortParam };

export const shopsQuerySchema = z.object({ name: filter });

const orderFilterFields = {
  status: filter,
  orderType: z.enum(['SETTLED', 'UNSETTLED', 'DRAFT'], { error: 'must be SETTLED, UNSETTLED or DRAFT' }).optional(),
  sampleOrder: z.enum(['YES', 'NO'], { error: 'must be YES or NO' }).optional(),
  orderNumber: filter,
  productId: filter,
  name: filter,
  skuId: filter,
  skuName: filter,
};

const productFilterFields = { name: filter, productId: filter, skuName: filter, skuId: filter };

export const ordersQuerySchema = z
  .object({ ...rangeFields, ...paging, ...orderFilterFields })
  .superRefine(checkRange)
  .transform(toSelection);

export const productsQuerySchema = z.object({ page: pageParam, limit: limitParam, ...productFilterFields });

export const rangeQuerySchema = z.object(rangeFields).superRefine(checkRange).transform(toSelection);

/** POST /sync: the range, and `retry: true` when a person asks to retry a failed sync now. */
export const syncBodySchema = z
  .object({ ...rangeFields, retry: z.boolean({ error: 'must be true or false' }).optional().default(false) })
  .superRefine(checkRange)
  .transform(toSelection);

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
/** A seller-level exchange rate: /fx-rates/{id}. */
export const fxRateParamsSchema = z.object({ id: entryId });

export type OrdersQuery = z.output<typeof ordersQuerySchema>;
export type ProductsQuery = z.output<typeof productsQuerySchema>;
export type RangeQuery = z.output<typeof rangeQuerySchema>;

/** "All shops" beside the range, the report switches and the cost view: the target currency and the SKU merge. */
export const allShopsQuerySchema = z.object({
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: 'must be a 3-letter currency code such as USD' })
    .default(DEFAULT_ALL_SHOPS_CURRENCY),
  merge: z.enum(ALL_SHOPS_MERGES, { error: 'must be sellerSku or none' }).default('sellerSku'),
});

export type AllShopsQuery = z.output<typeof allShopsQuerySchema>;
