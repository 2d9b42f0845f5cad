import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseServerConfig, setServerConfigForTests } from '@/lib/config/env';
import { classifyPath } from '@/lib/session/gate';
import { SlidingWindowLimiter } from '@/lib/rate-limit/sliding-window';
import { createUpstreamClient, Scheduler } from '@/lib/upstream';
import { keyLabel } from '@/lib/metrics';

const { GET: metrics } = await import('@/app/api/metrics/route');
const { GET: session } = await import('@/app/api/dashboard/session/route');

// GET /api/metrics as Prometheus scrapes it: off without METRICS_TOKEN, refused without the token,
// and with it every series the issue names — never a key, a secret or the token itself.

const TOKEN = 'metrics-token-0123456789abcdef';
const KEY = 'ak-metrics-key-42';
const SECRET = 'sk-metrics-secret-42';
const config = (env: Record<string, string> = {}) =>
  parseServerConfig({ DATA_DIR: dir, UPSTREAM_APP_KEY: KEY, UPSTREAM_APP_SECRET: SECRET, ...env });
let dir = '';

describe('GET /api/metrics', () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'metrics-'));
  });
  afterEach(() => setServerConfigForTests(undefined));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const scrape = (authorization?: string) =>
    metrics(new Request('http://127.0.0.1/api/metrics', authorization ? { headers: { authorization } } : {}));

  it('needs no session (its own token guards it)', () => {
    expect(classifyPath('/api/metrics')).toBe('public');
  });

  it('is off (404) when METRICS_TOKEN is not set', async () => {
    setServerConfigForTests(config());
    expect((await scrape(`Bearer ${TOKEN}`)).status).toBe(404);
  });

  it('refuses a missing or wrong token (401), and a token shorter than 16 characters stops the start', async () => {
    setServerConfigForTests(config({ METRICS_TOKEN: TOKEN }));
    expect((await scrape()).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(TOKEN)).status).toBe(401);
    expect(() => config({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });

  it('with the token: upstream requests by endpoint and status, the budget per key, queue waits, HTTP latency, sync lag, store sizes and the process memory', async () => {
    setServerConfigForTests(config({ METRICS_TOKEN: TOKEN }));
    // Traffic to count: two upstream requests (a 500, retried) and one API answer.
    const client = createUpstreamClient({
      baseUrl: 'http://upstream.invalid',
      appKey: KEY,
      appSecret: SECRET,
      scheduler: new Scheduler({ key: KEY, limiter: new SlidingWindowLimiter({ limit: 100, windowMs: 60_000 }) }),
      fetch: async () =>
        Response.json({ success: false, error: { code: 'INTERNAL_ERROR', message: 'x' } }, { status: 500 }),
      maxRetries: 1,
      backoffBaseMs: 1,
      backoffCapMs: 1,
    });
    await expect(client.shops()).rejects.toThrow();
    const answered = await session(new Request('http://127.0.0.1/api/dashboard/session'));
    expect(answered.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/spd_upstream_requests_total\{endpoint="shops",status="500"\} [1-9]/);
    expect(text).toContain(`spd_upstream_budget_used{key="${keyLabel(KEY)}"}`);
    expect(text).toMatch(/spd_upstream_queue_wait_seconds_count\{priority="interactive"\} [1-9]/);
    expect(text).toMatch(
      new RegExp(
        `spd_http_request_duration_seconds_count\\{route="GET /api/dashboard/session",method="GET",status="${answered.status}"\\} [1-9]`,
      ),
    );
    expect(text).toContain('# TYPE spd_sync_lag_seconds gauge');
    expect(text).toMatch(/spd_store_rows\{table="st_order"\} \d+/);
    // What each in-process cache holds, beside its limit (the client above kept no answer: it failed).
    expect(text).toMatch(/^spd_cache_bytes\{cache="unsealedSessions"\} \d+$/m);
    expect(text).toMatch(/^spd_cache_limit_bytes\{cache="unsealedSessions"\} [1-9]\d*$/m);
    // The process's memory, so a server whose memory grows shows it.
    expect(text).toMatch(/^process_resident_memory_bytes [1-9]\d*$/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes [1-9]\d*$/m);
    for (const secret of [KEY, SECRET, TOKEN]) expect(text).not.toContain(secret);
  });
});
