import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { declareEndpoints } from '@/lib/endpoints/define';
import { implement } from '@/lib/server/endpoint';
import { parseServerConfig, setServerConfigForTests } from '@/lib/config/env';
import { openOrderStore } from '@/lib/store/open';
import type { OrderStore } from '@/lib/store/order-store';
import { proxy } from '@/proxy';
import { body, ORIGIN, signedInCookie, type ErrorEnvelope } from './support';
import { serveFromHolder } from '@/tests/support/api/routes-fixture';

// Every answer of the server names its request in X-Request-Id, and every error body of the
// dashboard names the same id in requestId (README "Configuration", LOG_LEVEL): the proxy's own
// refusals and redirects, the load balancer's endpoints and the embedded service's mount too (whose
// error body stays the interface's, without requestId). The route wrapper's answers are checked
// over every route in access-matrix.test.ts.

const holder: { store?: OrderStore } = {};
serveFromHolder(holder, { engine: false });

const { GET: health } = await import('@/app/api/health/route');
const { GET: ready } = await import('@/app/api/ready/route');
const { GET: metrics } = await import('@/app/api/metrics/route');
const { GET: service } = await import('@/app/api/v1/[...path]/route');

const ID = /^[0-9a-f]{16}$/;

function proxyRequest(path: string, init: { cookie?: string; method?: string; origin?: string } = {}) {
  const headers = new Headers({ host: new URL(ORIGIN).host });
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.origin) headers.set('origin', init.origin);
  return proxy(new NextRequest(ORIGIN + path, { method: init.method ?? 'GET', headers }));
}

/** The error body's requestId, checked to be the header's. */
async function namedError(response: Response): Promise<ErrorEnvelope['error']> {
  const header = response.headers.get('x-request-id');
  expect(header).toMatch(ID);
  const { error } = await body<ErrorEnvelope>(response);
  expect(error.requestId).toBe(header);
  return error;
}

describe('the request id on answers outside the route wrapper', () => {
  const dir = mkdtempSync(join(tmpdir(), 'request-id-'));
  beforeAll(async () => {
    holder.store = await openOrderStore({ sqliteFile: join(dir, 'store.db') });
  });
  afterEach(() => setServerConfigForTests(undefined));
  afterAll(async () => {
    await holder.store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("the proxy's 401 without a session and 403 from another origin name their request", async () => {
    const signedOut = await proxyRequest('/api/dashboard/shops');
    expect(signedOut.status).toBe(401);
    expect((await namedError(signedOut)).code).toBe('UNAUTHENTICATED');

    const foreign = await proxyRequest('/api/dashboard/team/invitations', {
      method: 'POST',
      origin: 'https://evil.example',
      cookie: await signedInCookie(),
    });
    expect(foreign.status).toBe(403);
    expect((await namedError(foreign)).code).toBe('FORBIDDEN_ORIGIN');

    const ids = new Set<string | null>();
    for (let i = 0; i < 3; i += 1) ids.add((await proxyRequest('/api/dashboard/shops')).headers.get('x-request-id'));
    expect(ids.size).toBe(3);
  });

  it("the proxy's way to the sign-in page names its request too", async () => {
    const page = await proxyRequest('/shops/shop-us/orders');
    expect(page.status).toBe(307);
    expect(page.headers.get('x-request-id')).toMatch(ID);
  });

  it('health, ready and metrics (off, and refused without the token) name their request', async () => {
    const answers = [
      await health(new Request('http://127.0.0.1/api/health')),
      await ready(new Request('http://127.0.0.1/api/ready')),
      await metrics(new Request('http://127.0.0.1/api/metrics')),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 404]);
    setServerConfigForTests(parseServerConfig({ METRICS_TOKEN: 'metrics-token-0123456789abcdef' }));
    answers.push(await metrics(new Request('http://127.0.0.1/api/metrics')));
    expect(answers[3]!.status).toBe(401);
    const ids = answers.map((a) => a.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(ID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("the embedded service's mount names its request, its error body stays the interface's", async () => {
    setServerConfigForTests(
      parseServerConfig({
        UPSTREAM_BASE_URL: 'https://reporting.example.com',
        UPSTREAM_APP_KEY: 'key',
        UPSTREAM_APP_SECRET: 'secret',
        SESSION_SECRET: 'x'.repeat(40),
      }),
    );
    const response = await service(new Request('http://127.0.0.1/api/v1/shops'));
    expect(response.status).toBe(404);
    expect(response.headers.get('x-request-id')).toMatch(ID);
    expect(await response.json()).toEqual({ success: false, error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });

  it('a redirect with immutable headers (Response.redirect) still goes out with its request id', async () => {
    const { 'GET redirect': declared } = declareEndpoints(
      { tag: 'Tests', base: '/test' },
      { 'GET redirect': { summary: 'A redirect', access: 'public', answer: { file: 'text', about: 'none' } } },
    );
    const route = implement(declared, async () => Response.redirect('http://127.0.0.1/login', 303));
    const response = await route(new Request('http://127.0.0.1/test/redirect'));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('http://127.0.0.1/login');
    expect(response.headers.get('x-request-id')).toMatch(ID);
  });
});
