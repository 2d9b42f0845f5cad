import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readiness, type ReadinessDeps } from '@/lib/server/readiness';
import { classifyPath } from '@/lib/session/gate';
import { openOrderStore } from '@/lib/store/open';
import type { OrderStore } from '@/lib/store/order-store';
import { sharedRedis, closeSharedRedis } from '@/lib/redis';
import { randomBytes } from 'node:crypto';
import { addConnection } from '@/lib/connections/store';
import { keyringOf } from '@/lib/secrets';

const { GET: health } = await import('@/app/api/health/route');
const { GET: ready } = await import('@/app/api/ready/route');

// Liveness and readiness as a load balancer sees them: no session needed, a 503 with the reason
// when this instance cannot serve people, and nothing in the answer but states and a sentence.

describe('GET /api/health and /api/ready', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ready-'));
  let store: OrderStore;
  const deps = (over: Partial<ReadinessDeps> = {}): ReadinessDeps => ({
    store: async () => store,
    pingRedis: null,
    timeoutMs: 500,
    ...over,
  });
  beforeAll(async () => {
    store = await openOrderStore({ sqliteFile: join(dir, 'store.db') });
  });
  afterAll(async () => {
    await store.close();
    await closeSharedRedis();
    rmSync(dir, { recursive: true, force: true });
  });

  it('are reachable without a session; the dashboard API is not', () => {
    expect(classifyPath('/api/health')).toBe('public');
    expect(classifyPath('/api/ready')).toBe('public');
    expect(classifyPath('/api/dashboard/shops')).toBe('api');
  });

  it('health answers 200 and checks nothing', async () => {
    const response = await health(new Request('http://127.0.0.1/api/health'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it("ready answers 200 with the checks' states for this process's own store, and no figure or address", async () => {
    const response = await ready(new Request('http://127.0.0.1/api/ready'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const answer = await response.json();
    expect(answer).toMatchObject({ status: 'ready', reason: null, checks: { store: 'ok', migrations: 'ok' } });
    expect(Object.keys(answer).sort()).toEqual(['checks', 'reason', 'status']);
  });

  it('is ready with a migrated store and no Redis configured', async () => {
    expect(await readiness(deps())).toEqual({
      ready: true,
      reason: null,
      checks: { store: 'ok', migrations: 'ok', redis: 'not configured', sync: 'ok', secrets: 'ok' },
    });
  });

  it('is not ready when the store fails or hangs, saying so without a driver message or an address', async () => {
    const failing = await readiness(
      deps({ store: () => Promise.reject(new Error('connect ECONNREFUSED 10.1.2.3:5432 password=hunter2')) }),
    );
    expect(failing.ready).toBe(false);
    expect(failing.reason).toBe("Not ready: the dashboard's data store does not answer.");
    expect(JSON.stringify(failing)).not.toMatch(/ECONNREFUSED|10\.1\.2\.3|hunter2/);
    const started = Date.now();
    const hanging = await readiness(deps({ store: () => new Promise<never>(() => undefined) }));
    expect(hanging.checks.store).toBe('failing');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('is not ready when a schema step is missing, or when the sync fails for every shop', async () => {
    const { sql } = await import('kysely');
    const rows = await sql<{ name: string }>`SELECT name FROM st_migration ORDER BY name DESC`.execute(store.db);
    const last = rows.rows[0]!.name;
    await sql`DELETE FROM st_migration WHERE name = ${last}`.execute(store.db);
    const missing = await readiness(deps());
    expect(missing.checks.migrations).toBe('failing');
    expect(missing.reason).toMatch(/schema steps applied/);
    await sql`INSERT INTO st_migration (name, timestamp) VALUES (${last}, ${new Date().toISOString()})`.execute(
      store.db,
    );

    const job = (shop: string, state: string) =>
      store.db
        .insertInto('st_sync_job')
        .values({
          shop_id: shop,
          job_id: shop,
          state,
          plan: '{}',
          started_at: 1,
          updated_at: 1,
          finished_at: 1,
          error: 'x',
        })
        .execute();
    await job('a', 'failed');
    await job('b', 'failed');
    const failing = await readiness(deps());
    expect(failing).toMatchObject({ ready: false, checks: { sync: 'failing' } });
    expect(failing.reason).toBe('Not ready: the sync is failing for every shop (2).');
    await job('c', 'done');
    expect((await readiness(deps())).ready).toBe(true); // one shop still syncing fine is enough
  });

  it('checks Redis when it is configured: down is not ready, up is', async () => {
    const down = await readiness(deps({ pingRedis: () => Promise.reject(new Error('ECONNREFUSED')) }));
    expect(down).toMatchObject({ ready: false, checks: { redis: 'failing' } });
    expect(down.reason).toMatch(/Redis \(REDIS_URL\) does not answer/);
    const url = process.env.TEST_REDIS_URL;
    if (url) expect((await readiness(deps({ pingRedis: () => sharedRedis(url).ping() }))).checks.redis).toBe('ok');
  });

  it("reports a stored secret that this server's keys cannot open, and stays ready for every other key", async () => {
    const other = keyringOf({ current: randomBytes(32), previous: [] });
    await addConnection(
      store.db,
      { name: 'Client B', baseUrl: 'https://reporting.example.com', appKey: 'b-app-key', appSecret: 'b-secret-123' },
      { id: null, name: 'Owner' },
      { keyring: other },
    );
    const answer = await readiness(deps());
    expect(answer).toMatchObject({ ready: true, reason: null, checks: { secrets: 'failing' } });
    expect(JSON.stringify(answer)).not.toContain('b-secret-123');
    await store.db.deleteFrom('st_connection').execute();
    expect((await readiness(deps())).checks.secrets).toBe('ok');
  });
});
