import { z } from 'zod';

// Envelope (2.1), pagination (2.2) and the error body (docs/ARCHITECTURE.md#error-body; the spec leaves its shape open).

export const paginationSchema = z
  .object({
    page: z.number().int().min(1),
    limit: z.number().int().min(1).max(100),
    total: z.number().int().nonnegative(),
    totalPages: z.number().int().nonnegative(),
  })
  .meta({ id: 'Pagination' });

export type Pagination = z.infer<typeof paginationSchema>;

export const listEnvelopeSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    success: z.literal(true),
    data: z.object({ items: z.array(item), pagination: paginationSchema }),
  });

export type ListEnvelope<T> = { success: true; data: { items: T[]; pagination: Pagination } };
export type Page<T> = ListEnvelope<T>['data'];

/** docs/reporting-service.md, Errors: every status the service answers with, and its code. */
export const ERROR_STATUS = {
  INVALID_REQUEST: 400,
  MISSING_CREDENTIALS: 401,
  INVALID_CREDENTIALS: 401,
  FEATURE_UNAVAILABLE: 403,
  SHOP_NOT_FOUND: 404,
  /** Not in the spec: a path outside the four endpoints (and the OpenAPI document). */
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
} as const;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]];
export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorBodySchema = z
  .object({
    success: z.literal(false),
    error: z.object({ code: errorCodeSchema, message: z.string() }),
  })
  .meta({ id: 'Error' });

export type ErrorBody = z.infer<typeof errorBodySchema>;

export function paginate(total: number, page: number, limit: number): Pagination {
  return { page, limit, total, totalPages: Math.ceil(total / limit) };
}
