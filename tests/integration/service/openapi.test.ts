import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/lib/contract/openapi';
import { createServiceHandler } from '@/lib/service/handler';
import { createFakeStore } from './fake-store';

// The OpenAPI 3.1 document served at /api/v1/openapi.json describes the four endpoints, their
// parameters with rules, the credentials and every error, and every $ref in it resolves.

type Json = Record<string, unknown>;

async function served(): Promise<Json> {
  const handler = createServiceHandler({ store: createFakeStore(), ratePerMinute: 60, ipRatePerMinute: 600 });
  const response = await handler.handle(new Request('http://service.test/api/v1/openapi.json'));
  expect(response.status).toBe(200);
  return JSON.parse(await response.text()) as Json;
}

function refs(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refs(n, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refs(value, found);
    }
  }
  return found;
}

function resolve(doc: Json, ref: string): unknown {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, part) => (node as Json | undefined)?.[part], doc);
}

type Operation = { parameters: Array<Json & { $ref?: string }>; responses: Json };
const op = (doc: Json, path: string) => (doc.paths as Record<string, { get: Operation }>)[path]!.get;

describe('OpenAPI document', () => {
  it('is served as valid JSON, equal to the generated document', async () => {
    const doc = await served();
    expect(doc).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    expect(doc.openapi).toBe('3.1.0');
  });

  it('covers the four endpoints and every $ref resolves', async () => {
    const doc = await served();
    expect(Object.keys(doc.paths as Json)).toEqual(
      expect.arrayContaining(['/api/v1/shops', '/api/v1/products', '/api/v1/orders-by-product', '/api/v1/refunds']),
    );
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(10);
    for (const ref of all) expect(resolve(doc, ref), ref).toBeDefined();
  });

  it('documents parameters with their rules', async () => {
    const doc = await served();
    const orders = op(doc, '/api/v1/orders-by-product');
    const byName = Object.fromEntries(orders.parameters.filter((p) => p.name).map((p) => [p.name, p]));
    expect(byName.limit).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    });
    expect(byName.page).toMatchObject({ schema: { type: 'integer', minimum: 1, default: 1 } });
    expect(byName.sort).toMatchObject({ schema: { enum: ['ASC', 'DESC'], default: 'DESC' } });
    expect(byName.orderType).toMatchObject({ schema: { enum: ['SETTLED', 'UNSETTLED', 'DRAFT'] } });
    expect(String(byName.endDate?.description)).toContain('366 days');
    expect(orders.parameters).toContainEqual({ $ref: '#/components/parameters/ShopId' });
    const refunds = op(doc, '/api/v1/refunds')
      .parameters.filter((p) => p.required === true)
      .map((p) => p.name);
    expect(refunds).toEqual(['startDate', 'endDate']);
    expect(op(doc, '/api/v1/shops').parameters.map((p) => p.name)).toEqual(['page', 'limit', 'id', 'name']);
  });

  it('documents credentials and every error response; the shop list has no 404', async () => {
    const doc = await served();
    expect(doc.security).toEqual([{ appKey: [], appSecret: [] }]);
    expect(op(doc, '/api/v1/openapi.json')).toMatchObject({ security: [] });
    expect(Object.keys(op(doc, '/api/v1/products').responses)).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '405',
      '429',
      '500',
    ]);
    expect(Object.keys(op(doc, '/api/v1/shops').responses)).not.toContain('404');
    const rateLimited = resolve(doc, '#/components/responses/RateLimited') as Json;
    expect(rateLimited.headers).toHaveProperty('Retry-After');
    const errorCodes = resolve(doc, '#/components/schemas/Error/properties/error/properties/code/enum');
    expect(errorCodes).toEqual(
      expect.arrayContaining(['INVALID_REQUEST', 'SHOP_NOT_FOUND', 'RATE_LIMITED', 'INTERNAL_ERROR']),
    );
    expect(resolve(doc, '#/components/schemas/OrderProduct/properties/platformFees')).toEqual({
      $ref: '#/components/schemas/PlatformFees',
    });
  });
});
