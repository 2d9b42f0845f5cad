import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_KEY, APP_SECRET, createFakeUpstream, SHOPS } from '../../unit/upstream/fake-upstream';

// getUpstreamClient() with UPSTREAM_BASE_URL set: real HTTP (Node's fetch) to a spec-shaped server
// on 127.0.0.1, credentials from the environment, and no embedded service loaded.

// A port the system picks, so runs of the suite side by side (several checkouts) never collide.
let PORT = 0;
let server: Server;
const upstream = createFakeUpstream();

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const response = await upstream.handle(new Request(`http://127.0.0.1:${PORT}${req.url}`, { headers }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(await response.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  PORT = (server.address() as AddressInfo).port;
  vi.stubEnv('UPSTREAM_BASE_URL', `http://127.0.0.1:${PORT}/`);
  vi.stubEnv('UPSTREAM_APP_KEY', APP_KEY);
  vi.stubEnv('UPSTREAM_APP_SECRET', APP_SECRET);
  vi.stubEnv('DASHBOARD_PASSWORD', 'pw');
  vi.stubEnv('SESSION_SECRET', 'x'.repeat(40));
  vi.stubEnv('REDIS_URL', '');
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => server.close(resolve));
});

describe('getUpstreamClient with a real upstream', () => {
  it('talks HTTP to UPSTREAM_BASE_URL with the configured credentials, as one shared client', async () => {
    const { getUpstreamClient, getUpstreamScheduler } = await import('@/lib/upstream');
    const client = getUpstreamClient();
    expect(getUpstreamClient()).toBe(client);
    const shops = await client.shops({ limit: 100 });
    expect(shops.items).toEqual(SHOPS);
    const orders = await client.orders('shop-2', { limit: 5, sort: 'ASC' }, { priority: 'background' });
    expect(orders.items).toHaveLength(5);
    expect(upstream.requests).toHaveLength(2);
    expect(upstream.requests[1]?.headers.get('x-shop-id')).toBe('shop-2');
    expect(getUpstreamScheduler().size).toBe(0);
    // The embedded service was never imported (its module would open a store).
    expect((globalThis as { __embeddedReportingService?: unknown }).__embeddedReportingService).toBeUndefined();
  });
});
