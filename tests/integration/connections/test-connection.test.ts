import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionError } from '@/lib/connections/input';
import { testConnection } from '@/lib/connections/test-connection';
import { createServiceHandler } from '@/lib/service/handler';
import { DEMO_KEY, DEMO_SECRET, startService, type ServiceFixture } from '@/tests/support/sync/harness';

// The "Test connection" button against the embedded service in-process (the same Request and
// Response semantics as over HTTP), and against a closed port on this machine: each answer is an
// outcome and a sentence, never the secret.

let fixture: ServiceFixture;
const embedded = () => (request: Request) => fixture.handler.handle(request, { clientIp: '127.0.0.1' });
const BASE = 'https://reporting.example.com';

beforeAll(async () => {
  fixture = await startService({ orders: 20 });
});
afterAll(async () => {
  await fixture.close();
});

/** A port on 127.0.0.1 that nothing listens on (taken, then let go). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('testConnection', () => {
  it('ok: the demo key reads its shops, counted', async () => {
    const shops = await fixture.service.listShops(DEMO_KEY, { page: 1, limit: 100 });
    const result = await testConnection(
      { baseUrl: `${BASE}/`, appKey: DEMO_KEY, appSecret: DEMO_SECRET },
      { fetch: embedded() },
    );
    expect(result).toEqual({
      outcome: 'ok',
      shops: shops.pagination.total,
      message: `Connected: this key reads ${shops.pagination.total} shops at reporting.example.com.`,
    });
    expect(shops.pagination.total).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ['a wrong key', { appKey: 'not-the-demo-key', appSecret: DEMO_SECRET }],
    ['a wrong secret', { appKey: DEMO_KEY, appSecret: 'not-the-demo-secret' }],
  ])('%s: refused, and the sentence says the spec does not tell which of the two', async (_, credentials) => {
    const result = await testConnection({ baseUrl: BASE, ...credentials }, { fetch: embedded() });
    expect(result).toEqual({
      outcome: 'wrong-credentials',
      answer: '401 INVALID_CREDENTIALS',
      message:
        'The service at reporting.example.com refused the app key or the app secret; it does not say which of the two is wrong. Copy both again from the REST API settings of your account.',
    });
    expect(result.message).not.toContain(credentials.appSecret);
  });

  it('a key without the REST feature on its plan: feature-unavailable', async () => {
    const result = await testConnection(
      { baseUrl: BASE, appKey: 'basic-app-key', appSecret: 'basic-app-secret' },
      { fetch: embedded() },
    );
    expect(result.outcome).toBe('feature-unavailable');
    expect(result.message).toMatch(/REST API is not on the account's current plan\. Add it to the plan/);
    expect(result.answer).toBe('403 FEATURE_UNAVAILABLE');
  });

  it('unreachable: a closed port on 127.0.0.1, named with its host', async () => {
    const port = await closedPort();
    const result = await testConnection({
      baseUrl: `http://127.0.0.1:${port}`,
      appKey: DEMO_KEY,
      appSecret: DEMO_SECRET,
    });
    expect(result).toEqual({
      outcome: 'unreachable',
      message: `127.0.0.1:${port} refused the connection (nothing listens there). Check the base URL and that this server can reach it.`,
    });
  });

  it('unreachable: an address that does not answer within the timeout', async () => {
    const hang = (request: Request) =>
      new Promise<Response>((_, reject) =>
        request.signal.addEventListener('abort', () => reject(request.signal.reason)),
      );
    const result = await testConnection(
      { baseUrl: BASE, appKey: DEMO_KEY, appSecret: DEMO_SECRET },
      { fetch: hang, timeoutMs: 50 },
    );
    expect(result.outcome).toBe('unreachable');
    expect(result.message).toMatch(/^reporting\.example\.com did not answer within 50 ms\. Check the base URL/);
  });

  it.each([
    [
      'a web page',
      () => new Response('<html>Welcome</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    ],
    ['other JSON', () => Response.json({ hello: 'world' })],
    ['a 404 at /api/v1/shops', () => new Response('Not Found', { status: 404 })],
  ])('not-a-service: %s', async (_, answer) => {
    const result = await testConnection(
      { baseUrl: BASE, appKey: DEMO_KEY, appSecret: DEMO_SECRET },
      { fetch: async () => answer() },
    );
    expect(result.outcome).toBe('not-a-service');
    expect(result.message).not.toMatch(/\b[0-9]{3}\b/);
    expect(result.message).toMatch(
      /^reporting\.example\.com answered.*Check the base URL: it is the service's address without \/api\/v1\.$/,
    );
  });

  it('rate-limited: the key has used its minute, and the sentence says when to try again', async () => {
    const handler = createServiceHandler({ store: fixture.service, ratePerMinute: 1, ipRatePerMinute: 1_000 });
    const fetch = (request: Request) => handler.handle(request, { clientIp: '127.0.0.1' });
    const credentials = { baseUrl: BASE, appKey: DEMO_KEY, appSecret: DEMO_SECRET };
    expect((await testConnection(credentials, { fetch })).outcome).toBe('ok');
    const result = await testConnection(credentials, { fetch });
    expect(result.outcome).toBe('rate-limited');
    expect(result.retryAfterSeconds).toBeGreaterThan(0);
    expect(result.message).toMatch(/is busy for this key: .*Try again in \d+ seconds\.$/);
    expect(result.answer).toBe('429 RATE_LIMITED');
  });

  it('a service error: 500 says to try later, without a retry', async () => {
    let calls = 0;
    const result = await testConnection(
      { baseUrl: BASE, appKey: DEMO_KEY, appSecret: DEMO_SECRET },
      {
        fetch: async () => {
          calls += 1;
          return Response.json({ success: false, error: { code: 'INTERNAL_ERROR', message: 'boom' } }, { status: 500 });
        },
      },
    );
    expect(result.outcome).toBe('service-error');
    expect(result.answer).toBe('500 INTERNAL_ERROR');
    expect(result.message).not.toMatch(/[A-Z]{3,}_[A-Z]+/);
    expect(calls).toBe(1);
  });

  it('input that breaks a rule is refused before anything is sent', async () => {
    let sent = false;
    const fetch = async () => {
      sent = true;
      return new Response('');
    };
    await expect(
      testConnection({ baseUrl: 'ftp://x.example.com', appKey: DEMO_KEY, appSecret: DEMO_SECRET }, { fetch }),
    ).rejects.toBeInstanceOf(ConnectionError);
    await expect(
      testConnection({ baseUrl: BASE, appKey: '', appSecret: DEMO_SECRET }, { fetch }),
    ).rejects.toMatchObject({
      field: 'appKey',
    });
    expect(sent).toBe(false);
  });
});
