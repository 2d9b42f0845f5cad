import { z } from 'zod';
import { orderTypeSchema, sampleOrderSchema, sortSchema } from './resources';

// Query parameters of each endpoint (docs/reporting-service.md, The endpoints) with their rules (Limits).
// Inputs are the raw strings of a URL's query; outputs are typed values with defaults applied.

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_RANGE_DAYS = 366;
export const MAX_RANGE_SECONDS = MAX_RANGE_DAYS * 86_400;
/** The largest page number accepted; far past any data set, and it keeps OFFSET arithmetic exact. */
export const MAX_PAGE = 10_000_000;

const integerString = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^[+-]?\d+$/, { error: 'must be an integer' })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, { error: `must be at least ${min}` })
        .max(max, { error: `must be at most ${max}` }),
    );

/** Unix seconds: non-negative, and inside the range JavaScript dates can represent. */
export const unixSecondsParam = integerString(0, 8_640_000_000_000);

const text = z.string().max(200, { error: 'must be at most 200 characters' });

export const paginationQuerySchema = z.object({
  page: integerString(1, MAX_PAGE).default(1),
  limit: integerString(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export const shopsQuerySchema = paginationQuerySchema.extend({
  id: text.optional(),
  name: text.optional(),
});

export const productsQuerySchema = paginationQuerySchema.extend({
  name: text.optional(),
  productId: text.optional(),
  skuName: text.optional(),
  skuId: text.optional(),
});

type DateRange = { startDate?: number | undefined; endDate?: number | undefined };

/** endDate >= startDate, and at most 366 days apart (docs/reporting-service.md, The endpoints and Limits). */
function checkRange(value: DateRange, ctx: z.RefinementCtx) {
  const { startDate, endDate } = value;
  if (startDate === undefined || endDate === undefined) return;
  if (endDate < startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must not be earlier than startDate' });
  } else if (endDate - startDate > MAX_RANGE_SECONDS) {
    ctx.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: `the range from startDate to endDate must be at most ${MAX_RANGE_DAYS} days`,
    });
  }
}

export const ordersQuerySchema = paginationQuerySchema
  .extend({
    orderNumber: text.optional(),
    orderType: orderTypeSchema.optional(),
    sampleOrder: sampleOrderSchema.optional(),
    status: text.optional(),
    startDate: unixSecondsParam.optional(),
    endDate: unixSecondsParam.optional(),
    sort: sortSchema.default('DESC'),
    productId: text.optional(),
    name: text.optional(),
    skuId: text.optional(),
    skuName: text.optional(),
  })
  .superRefine(checkRange);

export const refundsQuerySchema = paginationQuerySchema
  .extend({
    startDate: unixSecondsParam,
    endDate: unixSecondsParam,
    sort: sortSchema.default('DESC'),
  })
  .superRefine(checkRange);

export type ShopsQuery = z.output<typeof shopsQuerySchema>;
export type ProductsQuery = z.output<typeof productsQuerySchema>;
export type OrdersQuery = z.output<typeof ordersQuerySchema>;
export type RefundsQuery = z.output<typeof refundsQuerySchema>;
/** What a caller sends: every parameter optional where the spec says so, typed before stringifying. */
export type OrdersQueryInput = Partial<OrdersQuery>;
export type ProductsQueryInput = Partial<ProductsQuery>;
export type ShopsQueryInput = Partial<ShopsQuery>;
export type RefundsQueryInput = Partial<RefundsQuery> & { startDate: number; endDate: number };

export { describeIssues } from './zod-issues';
