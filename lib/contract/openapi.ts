import { z } from 'zod';
import { errorBodySchema, listEnvelopeSchema } from './envelope';
import {
  MAX_RANGE_DAYS,
  ordersQuerySchema,
  productsQuerySchema,
  refundsQuerySchema,
  shopsQuerySchema,
} from './query-params';
import { orderSchema, productSchema, refundDaySchema, shopSchema } from './resources';

// The OpenAPI 3.1 description of the service, generated from the same zod schemas that the
// service, the client and the tests use, so it cannot drift from them. Served (without
// credentials) at GET /api/v1/openapi.json.

type Json = Record<string, unknown>;

const components: { schemas: Record<string, Json> } = { schemas: {} };

/** JSON Schema 2020-12 of a zod schema; named sub-schemas (`.meta({ id })`) become components. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'output'): Json {
  const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io }) as Json;
  const text = JSON.stringify(converted).replaceAll('"#/$defs/', '"#/components/schemas/');
  const { $schema: _ignored, $defs, ...rest } = JSON.parse(text) as Json & { $defs?: Record<string, Json> };
  Object.assign(components.schemas, $defs ?? {});
  return rest;
}

const RANGE_RULE = `endDate must not be earlier than startDate, and the range is at most ${MAX_RANGE_DAYS} days.`;

const PARAMETER_DOCS: Record<string, string> = {
  page: 'Page number, from 1; default 1. A page past the end is an empty page.',
  limit: 'Results per page; default 10, maximum 100.',
  id: 'Return only the shop with this service shop id.',
  orderNumber: 'Part of the order number; case-insensitive.',
  orderType: 'SETTLED, UNSETTLED or DRAFT.',
  sampleOrder: 'YES or NO.',
  status: 'Order status, for example COMPLETED or CANCELLED; case-insensitive.',
  startDate: `Earliest time, Unix seconds, inclusive. ${RANGE_RULE}`,
  endDate: `Latest time, Unix seconds, inclusive. ${RANGE_RULE}`,
  sort: 'ASC or DESC; default DESC.',
  productId: 'Part of the platform product id; case-insensitive.',
  name: 'Part of the name; case-insensitive. % and _ match themselves.',
  skuId: 'Part of the SKU id; case-insensitive.',
  skuName: 'Part of the SKU name or seller SKU; case-insensitive.',
};

function queryParameters(schema: z.ZodObject): Json[] {
  return Object.entries(schema.shape).map(([name, field]) => ({
    name,
    in: 'query',
    required: !(field as z.ZodType).safeParse(undefined).success,
    description: PARAMETER_DOCS[name],
    schema: jsonSchema(field as z.ZodType),
  }));
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const ERROR_RESPONSES = {
  BadRequest: errorResponse('INVALID_REQUEST: a header or query parameter is invalid; the message names it.'),
  Unauthorized: errorResponse(
    'MISSING_CREDENTIALS (a header is absent) or INVALID_CREDENTIALS (key or secret is wrong).',
  ),
  Forbidden: errorResponse('FEATURE_UNAVAILABLE: the REST API feature is not on the current plan.'),
  ShopNotFound: errorResponse('SHOP_NOT_FOUND: the shop in X-Shop-Id does not exist or is not available for this key.'),
  MethodNotAllowed: {
    ...errorResponse('METHOD_NOT_ALLOWED: the service is read-only; only GET is allowed.'),
    headers: { Allow: { schema: { type: 'string', const: 'GET' } } },
  },
  RateLimited: {
    ...errorResponse('RATE_LIMITED: more requests in one minute than the app key or client IP may send.'),
    headers: {
      'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 1 } },
    },
  },
  InternalError: errorResponse('INTERNAL_ERROR: an unexpected error; retry later.'),
};

const ref = (name: keyof typeof ERROR_RESPONSES) => ({ $ref: `#/components/responses/${name}` });

interface Endpoint {
  path: string;
  operationId: string;
  summary: string;
  query: z.ZodObject;
  item: z.ZodType;
  shopScoped: boolean;
}

const ENDPOINTS: Endpoint[] = [
  {
    path: 'shops',
    operationId: 'listShops',
    summary: 'Active shops connected to the app key',
    query: shopsQuerySchema,
    item: shopSchema,
    shopScoped: false,
  },
  {
    path: 'products',
    operationId: 'listProducts',
    summary: 'Product catalog of the shop',
    query: productsQuerySchema,
    item: productSchema,
    shopScoped: true,
  },
  {
    path: 'orders-by-product',
    operationId: 'listOrdersByProduct',
    summary: 'Paid orders of the shop with per-product profit and loss, sorted by create time',
    query: ordersQuerySchema,
    item: orderSchema,
    shopScoped: true,
  },
  {
    path: 'refunds',
    operationId: 'listRefunds',
    summary: 'Daily refund totals of the shop, sorted by date',
    query: refundsQuerySchema,
    item: refundDaySchema,
    shopScoped: true,
  },
];

function operation(endpoint: Endpoint): Json {
  const shopHeader = { $ref: '#/components/parameters/ShopId' };
  return {
    get: {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      parameters: [...(endpoint.shopScoped ? [shopHeader] : []), ...queryParameters(endpoint.query)],
      responses: {
        200: {
          description: 'One page of results.',
          content: { 'application/json': { schema: jsonSchema(listEnvelopeSchema(endpoint.item)) } },
        },
        400: ref('BadRequest'),
        401: ref('Unauthorized'),
        403: ref('Forbidden'),
        ...(endpoint.shopScoped ? { 404: ref('ShopNotFound') } : {}),
        405: ref('MethodNotAllowed'),
        429: ref('RateLimited'),
        500: ref('InternalError'),
      },
    },
  };
}

export function buildOpenApiDocument(): Json {
  const paths: Json = Object.fromEntries(ENDPOINTS.map((e) => [`/api/v1/${e.path}`, operation(e)]));
  paths['/api/v1/openapi.json'] = {
    get: {
      operationId: 'getOpenApiDocument',
      summary: 'This document; no credentials needed',
      security: [],
      responses: { 200: { description: 'The OpenAPI 3.1 document.', content: { 'application/json': {} } } },
    },
  };
  jsonSchema(errorBodySchema);
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Shop Profit Reporting Service',
      version: 'v1',
      description:
        'Read-only reporting interface: shops, products with cost inputs, paid orders broken down per product, ' +
        'and daily refund costs. Cost amounts are negative numbers. Rate limits: 60 requests per minute per ' +
        'app key, and a limit per client IP; exceeding one yields 429 with Retry-After.',
    },
    security: [{ appKey: [], appSecret: [] }],
    paths,
    components: {
      securitySchemes: {
        appKey: { type: 'apiKey', in: 'header', name: 'X-App-Key' },
        appSecret: { type: 'apiKey', in: 'header', name: 'X-App-Secret', description: 'Never send it from a browser.' },
      },
      parameters: {
        ShopId: {
          name: 'X-Shop-Id',
          in: 'header',
          required: true,
          description: 'Service shop id (field id of a Shop). Missing or empty → 400 INVALID_REQUEST.',
          schema: { type: 'string', minLength: 1, maxLength: 200 },
        },
      },
      responses: ERROR_RESPONSES,
      schemas: components.schemas,
    },
  };
}
