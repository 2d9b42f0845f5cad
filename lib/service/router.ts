import type { z } from 'zod';
import {
  describeIssues,
  ordersQuerySchema,
  productsQuerySchema,
  refundsQuerySchema,
  shopsQuerySchema,
  type Page,
} from '@/lib/contract';
import type { RawPage, ServiceStore } from './store/types';
import { ServiceError } from './errors';

// The interface's four endpoints (docs/reporting-service.md, The endpoints): which query schema each one parses, whether it is scoped
// to the shop in X-Shop-Id, and which store call answers it.

export const API_PREFIX = '/api/v1/';
export const OPENAPI_PATH = 'openapi.json';

export interface RouteContext {
  appKey: string;
  /** The shop from X-Shop-Id, already checked to be active and connected to the key. */
  shopId: string;
}

type QuerySchema = z.ZodObject;

export interface Route<S extends QuerySchema = QuerySchema> {
  shopScoped: boolean;
  schema: S;
  list(store: ServiceStore, context: RouteContext, query: z.output<S>): Promise<Page<unknown>>;
  /** The same page with items as stored JSON text, when the store can give it (large pages). */
  listRaw?(store: ServiceStore, context: RouteContext, query: z.output<S>): Promise<RawPage> | undefined;
}

const route = <S extends QuerySchema>(definition: Route<S>): Route => definition as unknown as Route;

export const ROUTES: ReadonlyMap<string, Route> = new Map([
  ['shops', route({ shopScoped: false, schema: shopsQuerySchema, list: (s, c, q) => s.listShops(c.appKey, q) })],
  [
    'products',
    route({ shopScoped: true, schema: productsQuerySchema, list: (s, c, q) => s.listProducts(c.shopId, q) }),
  ],
  [
    'orders-by-product',
    route({
      shopScoped: true,
      schema: ordersQuerySchema,
      list: (s, c, q) => s.listOrders(c.shopId, q),
      listRaw: (s, c, q) => s.listOrdersRaw?.(c.shopId, q),
    }),
  ],
  ['refunds', route({ shopScoped: true, schema: refundsQuerySchema, list: (s, c, q) => s.listRefunds(c.shopId, q) })],
]);

/** The endpoint name after /api/v1/ ("shops", "openapi.json", …), or null outside the prefix. */
export function endpointName(pathname: string): string | null {
  if (!pathname.startsWith(API_PREFIX)) return null;
  return pathname.slice(API_PREFIX.length).replace(/\/+$/, '');
}

/**
 * Parses the query with the endpoint's schema. A known parameter given twice is ambiguous and
 * refused; parameters the endpoint does not know are ignored (the endpoints list only optional filters).
 */
export function parseQuery<S extends QuerySchema>(schema: S, params: URLSearchParams): z.output<S> {
  const raw: Record<string, string> = {};
  for (const name of Object.keys(schema.shape)) {
    const values = params.getAll(name);
    if (values.length > 1) throw new ServiceError('INVALID_REQUEST', `${name}: must be given only once`);
    if (values.length === 1) raw[name] = values[0] as string;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ServiceError('INVALID_REQUEST', describeIssues(parsed.error));
  return parsed.data;
}

/** X-Shop-Id on a shop-scoped endpoint: missing or empty is a bad request (docs/ARCHITECTURE.md#error-body), not a 404. */
export function requireShopId(headers: Pick<Headers, 'get'>): string {
  const shopId = headers.get('x-shop-id')?.trim();
  if (!shopId) throw new ServiceError('INVALID_REQUEST', 'X-Shop-Id: header is required on this endpoint');
  if (shopId.length > 200) throw new ServiceError('INVALID_REQUEST', 'X-Shop-Id: must be at most 200 characters');
  return shopId;
}
