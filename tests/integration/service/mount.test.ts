import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, listEnvelopeSchema, productSchema, shopSchema } from '@/lib/contract';
import { PEER_ADDRESS_HEADER } from '@/lib/session/client-address';

// The /api/v1 mount in embedded mode (no UPSTREAM_BASE_URL): the route hands every method to the
// process-wide service, which opens its store under DATA_DIR and generates the demo data once.

const dataDir = mkdtempSync(join(tmpdir(), 'service-mount-'));
const DEMO = { 'X-App-Key': 'demo-app-key', 'X-App-Secret': 'demo-app-secret' };
let route: typeof import('@/app/api/v1/[...path]/route');
let service: typeof import('@/lib/service');

beforeAll(async () => {
  Object.assign(process.env, { DATA_DIR: dataDir, SERVICE_IP_RATE_LIMIT_PER_MINUTE: '3' });
  delete process.env.UPSTREAM_BASE_URL;
  delete process.env.SERVICE_DATABASE_URL;
  route = await import('@/app/api/v1/[...path]/route');
  service = await import('@/lib/service');
});

afterAll(async () => {
  await ((await service.getEmbeddedService()) as { close?: () => Promise<void> }).close?.();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `ip` is the socket's peer (instrumentation stamps it); `forged` is what the client writes itself. */
const request = (path: string, init: RequestInit & { ip?: string; forged?: string } = {}) =>
  new Request(`http://localhost/api/v1/${path}`, {
    ...init,
    headers: {
      ...DEMO,
      [PEER_ADDRESS_HEADER]: init.ip ?? '198.51.100.1',
      ...(init.forged ? { 'X-Forwarded-For': init.forged } : {}),
      ...init.headers,
    },
  });

describe('embedded mount', () => {
  it('shares one initialisation between concurrent first calls', async () => {
    const [a, b] = await Promise.all([service.getEmbeddedService(), service.getEmbeddedService()]);
    expect(a).toBe(b);
  });

  it('answers GET with the demo shops, and other methods with 405', async () => {
    const response = await route.GET(request('shops', { ip: '198.51.100.7' }));
    expect(response.status).toBe(200);
    expect(listEnvelopeSchema(shopSchema).parse(await response.json()).data.items.length).toBeGreaterThanOrEqual(2);
    const post = await route.POST(request('shops', { method: 'POST', ip: '198.51.100.8' }));
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    expect(errorBodySchema.parse(await post.json()).error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('limits per client IP: the socket peer, whatever X-Forwarded-For a client writes', async () => {
    for (let i = 0; i < 3; i++)
      expect((await route.GET(request('shops', { ip: '203.0.113.9', forged: `192.0.2.${i}` }))).status).toBe(200);
    expect((await route.GET(request('shops', { ip: '203.0.113.9', forged: '192.0.2.99' }))).status).toBe(429);
  });

  it('limits per client IP', async () => {
    for (let i = 0; i < 3; i++) expect((await route.GET(request('shops', { ip: '203.0.113.5' }))).status).toBe(200);
    const refused = await route.GET(request('shops', { ip: '203.0.113.5' }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await route.GET(request('shops', { ip: '203.0.113.6' }))).status).toBe(200);
  });
});

describe('demo product pictures', () => {
  it('every icon of the demo catalog answers 200 with an SVG that runs nothing, cached for good, outside the rate limit', async () => {
    const shops = listEnvelopeSchema(shopSchema).parse(await (await route.GET(request('shops'))).json()).data.items;
    const products = listEnvelopeSchema(productSchema).parse(
      await (
        await route.GET(request('products?limit=100', { ip: '198.51.100.20', headers: { 'X-Shop-Id': shops[0]!.id } }))
      ).json(),
    ).data.items;
    const icons = products.flatMap((p) => (p.icon === null ? [] : [p.icon]));
    expect(icons.length).toBeGreaterThan(10);
    // One client address, far more pictures than its limit of 3 requests a minute.
    for (const icon of icons) {
      const response = await route.GET(
        new Request(new URL(icon, 'http://localhost'), { headers: { [PEER_ADDRESS_HEADER]: '198.51.100.21' } }),
      );
      expect(response.status, icon).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(response.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
      expect(await response.text()).toMatch(/^<svg [^>]*role="img"[^>]*><title>[^<]+<\/title>/);
    }
  });

  it('answers 404 for a picture it does not have, and 405 for another method', async () => {
    const missing = await route.GET(request('demo-assets/products/nope.svg', { headers: {} }));
    expect(missing.status).toBe(404);
    expect(errorBodySchema.parse(await missing.json()).error.code).toBe('NOT_FOUND');
    expect((await route.GET(request('demo-assets/products/../shops', { headers: {} }))).status).not.toBe(200);
    const post = await route.POST(request('demo-assets/products/cbc.svg', { method: 'POST' }));
    expect(post.status).toBe(405);
  });
});
