import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createServiceHandler,
  type ServiceAnswerer,
  type ServiceHandler,
  type ServiceRequest,
} from '@/lib/service/handler';
import { nodeListener } from '@/lib/service/node-listener';
import { DEMO_HEADERS } from './client';
import { createFakeStore } from './fake-store';

// The node:http adapter of `npm run service`: status, headers and body reach the socket unchanged,
// for the service's own responses (written from their bytes) and any other Response alike.

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(service: ServiceHandler | ServiceAnswerer): Promise<string> {
  server = createServer(nodeListener(service, 'http://127.0.0.1:4010'));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function get(url: string, headers: Record<string, string | string[]> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('nodeListener', () => {
  it('answers with the service: status, headers, exact body and its byte length', async () => {
    const make = () => createServiceHandler({ store: createFakeStore(), ratePerMinute: 1, ipRatePerMinute: 100 });
    const base = await serve(make());
    const ok = await get(`${base}/api/v1/shops`, DEMO_HEADERS);
    const direct = await make().handle(new Request('http://x/api/v1/shops', { headers: DEMO_HEADERS }));
    expect(ok.status).toBe(200);
    expect(ok.body).toBe(await direct.text());
    expect(ok.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(Number(ok.headers['content-length'])).toBe(Buffer.byteLength(ok.body));
    const limited = await get(`${base}/api/v1/shops`, DEMO_HEADERS);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(JSON.parse(limited.body)).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
  });

  it('serves the demo pictures on its own origin, as their root-relative icon URLs expect', async () => {
    const base = await serve(createServiceHandler({ store: createFakeStore(), ratePerMinute: 1, ipRatePerMinute: 1 }));
    for (let i = 0; i < 3; i++) {
      const svg = await get(`${base}/api/v1/demo-assets/products/cbc.svg`);
      expect(svg.status).toBe(200);
      expect(svg.headers['content-type']).toBe('image/svg+xml');
      expect(svg.body).toContain('<title>Crème brûlée candle</title>');
      expect(Number(svg.headers['content-length'])).toBe(Buffer.byteLength(svg.body));
    }
  });

  it('passes method, path, query and headers through, and writes responses made elsewhere', async () => {
    let seen: Request | undefined;
    const base = await serve({
      handle: async (req) => {
        seen = req;
        return new Response('naïve ✓', { status: 418, headers: { 'X-Test': 'yes' } });
      },
    });
    const res = await get(`${base}/api/v1/orders-by-product?page=2&name=cr%C3%A8me`, {
      'X-Shop-Id': 'shp_1',
      'X-Many': ['a', 'b'],
    });
    expect(res).toMatchObject({ status: 418, body: 'naïve ✓' });
    expect(res.headers['x-test']).toBe('yes');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength('naïve ✓'));
    expect(seen?.method).toBe('GET');
    expect(seen?.url).toBe('http://127.0.0.1:4010/api/v1/orders-by-product?page=2&name=cr%C3%A8me');
    expect(seen?.headers.get('x-shop-id')).toBe('shp_1');
    expect(seen?.headers.get('x-many')).toBe('a, b');
  });

  it('asks a handler that answers with plain data for that, with the same request details', async () => {
    let seen: ServiceRequest | undefined;
    const base = await serve({
      handle: () => Promise.reject(new Error('not used')),
      answer: async (req) => {
        seen = req;
        return { status: 429, headers: { 'Retry-After': '7' }, body: Buffer.from('{"é":1}') };
      },
    });
    const res = await get(`${base}/api/v1/refunds?startDate=1`, { 'X-Shop-Id': 'shp_1', 'X-Many': ['a', 'b'] });
    expect(res).toMatchObject({ status: 429, body: '{"é":1}' });
    expect(res.headers['retry-after']).toBe('7');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength('{"é":1}'));
    expect(seen?.method).toBe('GET');
    expect(seen?.url).toBe('http://127.0.0.1:4010/api/v1/refunds?startDate=1');
    expect(seen?.headers.get('X-Shop-Id')).toBe('shp_1');
    expect(seen?.headers.get('x-many')).toBe('a, b');
    expect(seen?.headers.get('x-app-key')).toBeNull();
  });

  it('answers 500 with a JSON error body when the service throws', async () => {
    const base = await serve({ handle: () => Promise.reject(new Error('boom')) });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const res = await get(`${base}/api/v1/shops`);
      expect(res.status).toBe(500);
      expect(JSON.parse(res.body)).toMatchObject({ success: false, error: { code: 'INTERNAL_ERROR' } });
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
  });
});
