import { afterEach, describe, expect, it, vi } from 'vitest';
import { mapError } from '@/lib/server/error-map';
import { redactSecrets } from '@/lib/server/redact';
import { fail } from '@/lib/server/response';
import { readJsonBody } from '@/lib/server/request';
import { parseServerConfig, setServerConfigForTests } from '@/lib/config/env';
import { UpstreamError } from '@/lib/upstream/errors';
import { logger } from '@/lib/log';

const REAL = parseServerConfig({
  UPSTREAM_BASE_URL: 'https://reporting.example.com',
  UPSTREAM_APP_KEY: 'ak-7Hq2',
  UPSTREAM_APP_SECRET: 's3cr',
  DASHBOARD_PASSWORD: 'pw1',
  SESSION_SECRET: 'x'.repeat(40),
});

afterEach(() => {
  setServerConfigForTests(undefined);
  vi.restoreAllMocks();
});

describe('redaction', () => {
  it('removes every configured secret however short, the app key too, also URL-encoded', () => {
    const config = parseServerConfig({
      UPSTREAM_BASE_URL: 'https://reporting.example.com',
      UPSTREAM_APP_KEY: 'key/1',
      UPSTREAM_APP_SECRET: 'a+b',
      DASHBOARD_PASSWORD: 'pw',
      SESSION_SECRET: 'y'.repeat(32),
    });
    const text = `key=key/1 enc=key%2F1 secret=a+b (a%2Bb) password=pw session=${'y'.repeat(32)}`;
    const out = redactSecrets(text, config);
    for (const leaked of ['key/1', 'key%2F1', 'a+b', 'a%2Bb', '=pw', 'yyyy']) expect(out).not.toContain(leaked);
  });

  it('leaves the public demo password alone in demo mode (it would shred words), not the demo secret', () => {
    const demo = parseServerConfig({});
    expect(redactSecrets('a demo with demo-app-secret', demo)).toBe('a demo with [redacted]');
  });
});

describe('what the browser is told', () => {
  it('an upstream 400 that echoes the app key does not carry it to the browser', async () => {
    setServerConfigForTests(REAL);
    const error = new UpstreamError({
      code: 'INVALID_REQUEST',
      status: 400,
      requestPath: '/api/v1/orders',
      message: 'Unknown app key ak-7Hq2 (secret s3cr)',
    });
    const response = fail(error, 'GET /x', 'req-400');
    const text = await response.text();
    expect(response.status).toBe(400);
    expect(response.headers.get('x-request-id')).toBe('req-400');
    expect(JSON.parse(text).error.requestId).toBe('req-400');
    expect(text).not.toContain('ak-7Hq2');
    expect(text).not.toContain('s3cr');
    expect(text).toContain('[redacted]');
  });

  it.each([
    [
      'ioredis gave up',
      Object.assign(
        new Error(
          'Reached the max retries per request limit (which is 2). Refer to "maxRetriesPerRequest" option for details.',
        ),
        { name: 'MaxRetriesPerRequestError' },
      ),
    ],
    ['ioredis connection closed', new Error('Connection is closed.')],
    [
      'a refused PostgreSQL connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    [
      'a PostgreSQL server error',
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
        severity: 'FATAL',
      }),
    ],
    [
      'a locked SQLite file',
      Object.assign(new Error('database is locked'), { name: 'SqliteError', code: 'SQLITE_BUSY' }),
    ],
    [
      'a wrapped Redis error',
      new Error('rate limiter failed', { cause: Object.assign(new Error('x'), { name: 'MaxRetriesPerRequestError' }) }),
    ],
  ])("%s: 503 STORE_UNAVAILABLE naming the dashboard's own store, never the library's words", async (_what, error) => {
    vi.spyOn(logger(), 'error').mockImplementation(() => undefined);
    const mapped = mapError(error, 'GET /x', 'req-503');
    expect(mapped.status).toBe(503);
    expect(mapped.code).toBe('STORE_UNAVAILABLE');
    expect(mapped.message).toMatch(/dashboard's own data store \(its database or Redis\)/);
    expect(mapped.message).not.toMatch(/Reporting Service isn't responding|maxRetries|ECONNREFUSED|locked/);
  });

  it('any other unexpected error is a 500, logged with its request id, with none of its own words', () => {
    const log = vi.spyOn(logger(), 'error').mockImplementation(() => undefined);
    setServerConfigForTests(REAL);
    const mapped = mapError(new TypeError('Cannot read properties of undefined (reading s3cr)'), 'GET /x', 'req-500');
    expect(mapped).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
    expect(mapped.message).not.toMatch(/Cannot read/);
    const logged = JSON.stringify(log.mock.calls[0]);
    expect(logged).toContain('req-500');
    expect(logged).not.toContain('s3cr');
  });

  it('a browser that goes away mid-body is a request that ended early (400), not a store failure logged as an error', async () => {
    const log = vi.spyOn(logger(), 'error').mockImplementation(() => undefined);
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"range":'));
        controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      },
    });
    const request = new Request('http://127.0.0.1/api/dashboard/shops/s/sync', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    const error = await readJsonBody(request).catch((e: unknown) => e);
    const mapped = mapError(error, 'POST /api/dashboard/shops/[shopId]/sync', 'req-gone');
    expect(mapped).toMatchObject({ status: 400, code: 'INVALID_REQUEST' });
    expect(mapped.message).toMatch(/ended before its body arrived/);
    expect(log).not.toHaveBeenCalled();
  });
});
