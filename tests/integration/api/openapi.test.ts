import { beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_ERROR_CODES } from '@/lib/api/errors';
import { ENDPOINTS } from '@/lib/endpoints';
import { buildDashboardOpenApi, openApiPath } from '@/lib/server/openapi/document';
import { classifyPath } from '@/lib/session/gate';
import { allRoutes, type Route } from '@/tests/support/api/route-files';

// Each endpoint is declared once (lib/endpoints) and its route file implements that declaration:
// every exported method of every app/api/dashboard/**/route.ts is a declared endpoint's, and every
// declared endpoint has its route. The OpenAPI document generated from the declarations
// (lib/server/openapi) describes each, with a summary, its permission and its inputs; it is
// OpenAPI 3.1-shaped and every $ref in it resolves. Real answers are held to the declared schemas
// in openapi-answers.test.ts.

type Json = Record<string, unknown>;
type DocOperation = Json & { parameters?: Json[]; responses: Record<string, Json>; 'x-permission': string };

let routes: Route[];
let doc: Json & { paths: Record<string, Record<string, DocOperation>>; components: Json };
beforeAll(async () => {
  routes = await allRoutes();
  doc = JSON.parse(JSON.stringify(buildDashboardOpenApi())) as typeof doc;
}, 120_000);

const key = (path: string, method: string) => `${method.toUpperCase()} ${path}`;

function refs(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refs(n, found));
  else if (node && typeof node === 'object')
    for (const [k, value] of Object.entries(node)) {
      if (k === '$ref' && typeof value === 'string') found.push(value);
      else refs(value, found);
    }
  return found;
}

const resolve = (ref: string): unknown =>
  ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, part) => (node as Json | undefined)?.[part], doc);

describe('the dashboard API description', () => {
  it('declares every route and method of app/api/dashboard once, each implemented by its route file', () => {
    const declared = ENDPOINTS.map((e) => key(e.path, e.method));
    expect(
      declared.filter((k, i) => declared.indexOf(k) !== i),
      'declared twice',
    ).toEqual([]);
    const onDisk = routes.map((r) => key(r.path, r.method)).sort();
    expect(
      declared.filter((k) => !onDisk.includes(k)),
      'declared but no route file exports it',
    ).toEqual([]);
    expect(
      onDisk.filter((k) => !declared.includes(k)),
      'a route without a declaration',
    ).toEqual([]);
    const elsewhere = routes.filter(
      (r) => r.endpoint !== ENDPOINTS.find((e) => e.path === r.path && e.method === r.method),
    );
    expect(
      elsewhere.map((r) => key(r.path, r.method)),
      "a route implementing another path's or method's declaration",
    ).toEqual([]);
    const inDocument = Object.entries(doc.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => key(path, m)))
      .sort();
    expect(inDocument).toEqual(onDisk.map((k) => k.replace(/ (.*)$/, (_, p: string) => ` ${openApiPath(p)}`)).sort());
    const count = (kind: string) => ENDPOINTS.filter((e) => kind in e.answer).length;
    console.info(
      `openapi: ${new Set(routes.map((r) => r.path)).size} paths, ${routes.length} operations declared; ` +
        `answers: ${count('data')} with a data schema, ${count('file')} files`,
    );
  });

  it("names each endpoint's permission as its declaration does, in x-permission and in words", () => {
    const wrong = ENDPOINTS.flatMap((e) => {
      const op = doc.paths[openApiPath(e.path)]?.[e.method.toLowerCase()];
      const ok = op?.['x-permission'] === e.access && String(op?.description).includes('Permission:');
      return ok ? [] : [`${key(e.path, e.method)}: declared ${e.access}, document ${op?.['x-permission']}`];
    });
    expect(wrong).toEqual([]);
    const pub = doc.paths['/api/dashboard/session']!.post!;
    expect(pub.security).toEqual([]);
    // A read takes the session or a personal access token; a write the session only.
    expect(doc.paths['/api/dashboard/team']!.get!.security).toEqual([{ sessionCookie: [] }, { accessToken: [] }]);
    expect(doc.paths['/api/dashboard/account']!.patch!.security).toBeUndefined();
    expect(doc.security).toEqual([{ sessionCookie: [] }]);
    expect(doc.components.securitySchemes).toMatchObject({
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'spd_session' },
      accessToken: { type: 'http', scheme: 'bearer' },
    });
  });

  it('is OpenAPI 3.1-shaped: operations with ids, declared path parameters, answers; every $ref resolves', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(Object.keys(doc.components.schemas as Json)).toContain('ErrorBody');
    const ids = new Set<string>();
    const problems: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      const inTemplate = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries(methods)) {
        const where = key(path, method);
        if (typeof op.operationId !== 'string' || ids.has(op.operationId)) problems.push(`${where}: operationId`);
        ids.add(String(op.operationId));
        if (typeof op.summary !== 'string' || op.summary.length < 10) problems.push(`${where}: summary`);
        const declared = (op.parameters ?? [])
          .filter((p) => p.in === 'path')
          .map((p) => p.name)
          .sort();
        if (JSON.stringify(declared) !== JSON.stringify(inTemplate))
          problems.push(`${where}: path parameters ${declared}`);
        const statuses = Object.keys(op.responses);
        if (!statuses.some((s) => /^2\d\d$/.test(s)) || !statuses.includes('default'))
          problems.push(`${where}: answers`);
        if (op['x-permission'] !== 'public' && !statuses.includes('401')) problems.push(`${where}: no 401`);
        if (method !== 'get' && !statuses.includes('403')) problems.push(`${where}: no 403 FORBIDDEN_ORIGIN`);
      }
    }
    expect(problems).toEqual([]);
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(routes.length);
    for (const ref of all) expect(resolve(ref), ref).toBeDefined();
    // The one error body names every code the dashboard answers.
    expect(resolve('#/components/schemas/ErrorBody/properties/error/properties/code/enum')).toEqual([
      ...DASHBOARD_ERROR_CODES,
    ]);
  });

  it("describes a view's query with its values, a body as sent, and a file answer as a file", () => {
    const orders = doc.paths['/api/dashboard/shops/{shopId}/orders']!.get!;
    const param = (name: string) => orders.parameters!.find((p) => p.name === name);
    expect(param('limit')).toMatchObject({ in: 'query', required: false, schema: { enum: ['10', '25', '50', '100'] } });
    expect(param('from')).toMatchObject({ schema: { type: 'string', pattern: expect.any(String) } });
    expect(String(param('sort')?.description)).toContain('Default: desc.');
    expect(param('shopId')).toMatchObject({ in: 'path', required: true });
    // Money is sent as text ("12.50") and the body's own fields are required as the schema says.
    // One route takes every cost kind's entry: its body is described as each kind's, titled with its path.
    const cogs = doc.paths['/api/dashboard/shops/{shopId}/your-costs/{kind}']!.post!;
    const kinds = (
      (cogs.requestBody as { content: Record<string, { schema: Json }> }).content['application/json']!.schema as {
        anyOf: Json[];
      }
    ).anyOf;
    expect(kinds.map((k) => k.title)).toEqual(['ad-spend', 'expenses', 'cogs', 'fulfilment']);
    const body = kinds.find((k) => k.title === 'cogs');
    expect(body).toMatchObject({ properties: { unitCost: { type: 'string' } }, required: ['fromDay', 'unitCost'] });
    expect(Object.keys(cogs.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '404', '409', '415']),
    );
    const exportAnswer = doc.paths['/api/dashboard/shops/{shopId}/exports/orders']!.get!.responses['200']!;
    expect(Object.keys(exportAnswer.content as Json)).toEqual([
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
  });

  it('is public, as the proxy lets it through without a session', () => {
    expect(classifyPath('/api/dashboard/openapi.json')).toBe('public');
    expect(routes.find((r) => r.path === 'openapi.json')?.endpoint.access).toBe('public');
  });
});
