import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseServerConfig, setServerConfigForTests } from '@/lib/config/env';
import { startRoutesFixture, type RoutesFixture, type RoutesHolder } from '@/tests/support/api/routes-fixture';
import { body, call, freshIp, ORIGIN, postLogin, type ErrorEnvelope } from './support';

// A real upstream and no owner configured: nobody can sign in until the first visitor creates the
// owner, once; a second set-up is refused and the owner signs in by email.

const holder: RoutesHolder = {};
vi.mock('@/lib/store', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getOrderStore: async () => holder.store!,
}));

const { POST: setupRoute } = await import('@/app/api/dashboard/setup/route');
const { ownerState } = await import('@/lib/api/server/loaders/account');

const PASSWORD = 'a long and uncommon passphrase';
const setUp = (payload: unknown) =>
  call(setupRoute, '/api/dashboard/setup', {
    method: 'POST',
    ip: freshIp(),
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });

describe('the first owner, with no owner configured', () => {
  let fixture: RoutesFixture;
  beforeAll(async () => {
    fixture = await startRoutesFixture(holder, { orders: 10, postgres: false });
    setServerConfigForTests(
      parseServerConfig({
        UPSTREAM_BASE_URL: 'https://reporting.example.com',
        UPSTREAM_APP_KEY: 'key',
        UPSTREAM_APP_SECRET: 'secret',
        SESSION_SECRET: 'x'.repeat(40),
      }),
    );
  }, 60_000);
  afterAll(async () => {
    setServerConfigForTests(undefined);
    await fixture?.close();
  });

  it('asks for the owner, creates them once, and then refuses a second set-up', async () => {
    expect(await ownerState()).toBe('needs-setup');
    expect((await postLogin(PASSWORD, freshIp(), { origin: ORIGIN }, 'first@shop.example')).status).toBe(401);

    const weak = await setUp({ email: 'first@shop.example', name: 'First', password: 'password123' });
    expect(weak.status).toBe(400);
    expect(await ownerState()).toBe('needs-setup');

    const created = await setUp({ email: 'first@shop.example', name: 'First', password: PASSWORD });
    expect(created.status).toBe(201);
    expect(created.headers.get('set-cookie')).toMatch(/spd_session=/);
    expect(await ownerState()).toBe('ready');

    const again = await setUp({ email: 'second@shop.example', name: 'Second', password: PASSWORD });
    expect(again.status).toBe(409);
    expect((await body<ErrorEnvelope>(again)).error.message).toMatch(/already has an owner/);
    expect((await postLogin(PASSWORD, freshIp(), { origin: ORIGIN }, 'first@shop.example')).status).toBe(200);
  });
});
