import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseServerConfig, serverConfig, setServerConfigForTests } from '@/lib/config/env';
import { logger } from '@/lib/log';
import { serveFromHolder, routesFixture } from '@/tests/support/api/routes-fixture';
import { body, call, freshIp, ORIGIN, postLogin, type ErrorEnvelope } from './support';

// A real upstream and no owner configured: nobody can sign in, and a stranger who reaches the
// freshly started server cannot claim it. The server prints a one-time set-up link at start (and
// logs it); only with its token is the owner created, once; afterwards the set-up is refused and the
// owner signs in by email. On SQLite and, with TEST_DATABASE_URL, PostgreSQL.

const { POST: setupRoute } = await import('@/app/api/dashboard/setup/route');
const { ownerState } = await import('@/lib/server/actions/account');
const { announceSetup } = await import('@/lib/startup/setup-notice');

const PASSWORD = 'a long and uncommon passphrase';
const OWNER = { email: 'first@shop.example', name: 'First', password: PASSWORD };
const REFUSED = /^The set-up token is missing or wrong: it is printed in the server's output/;

const setUp = (payload: unknown) =>
  call(setupRoute, '/api/dashboard/setup', {
    method: 'POST',
    ip: freshIp(),
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });

/** What one server start prints and logs (its console text, its pino warning) and the token it issued. */
async function start() {
  const printed: string[] = [];
  const warn = vi.spyOn(logger(), 'warn').mockImplementation(() => undefined);
  const token = await announceSetup(serverConfig(), (text) => printed.push(text));
  const logged = warn.mock.calls.map((args) => JSON.stringify(args));
  warn.mockRestore();
  return { token, printed: printed.join('\n'), logged };
}

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'the first owner, with no owner configured (postgres: %s)',
  (postgres) => {
    const fixture = routesFixture({ orders: 10, postgres, engine: false });
    let token: string;
    beforeAll(async () => {
      setServerConfigForTests(
        parseServerConfig({
          UPSTREAM_BASE_URL: 'https://reporting.example.com',
          UPSTREAM_APP_KEY: 'key',
          UPSTREAM_APP_SECRET: 'secret',
          SESSION_SECRET: 'x'.repeat(40),
          PUBLIC_URL: 'https://profit.example.com/',
        }),
      );
    }, 60_000);
    afterEach(() => vi.restoreAllMocks());
    afterAll(async () => {
      setServerConfigForTests(undefined);
    });

    it('prints and logs a one-time set-up link at start', async () => {
      expect(await ownerState()).toBe('needs-setup');
      const first = await start();
      token = first.token!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
      const link = `https://profit.example.com/login?token=${token}`;
      expect(first.printed).toContain(link);
      expect(first.printed).toContain(`enter this set-up token on the sign-in page: ${token}`);
      expect(first.logged).toHaveLength(1);
      expect(first.logged[0]).toContain('"event":"setup_token"');
      expect(first.logged[0]).toContain(link);
      // Nothing is stored that would let a reader of the database set the dashboard up.
      const stored = await fixture.store.db.selectFrom('st_setup_token').selectAll().execute();
      expect(JSON.stringify(stored)).not.toContain(token);
    });

    it('refuses the set-up without the token or with a wrong one, before looking at the password', async () => {
      for (const payload of [
        OWNER,
        { ...OWNER, token: '' },
        { ...OWNER, token: token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A') },
        { ...OWNER, password: 'password123', token: 'not-the-token' },
      ]) {
        const refused = await setUp(payload);
        expect(refused.status).toBe(403);
        const { error } = await body<ErrorEnvelope>(refused);
        expect(error.code).toBe('WRONG_SETUP_TOKEN');
        expect(error.message).toMatch(REFUSED);
        expect(refused.headers.get('set-cookie')).toBeNull();
      }
      expect(await ownerState()).toBe('needs-setup');
      expect((await postLogin(PASSWORD, freshIp(), { origin: ORIGIN }, OWNER.email)).status).toBe(401);
    });

    it("accepts another instance's token too, checks the password rule, and creates the owner once", async () => {
      // A second instance starting on the same store prints a token of its own; either works.
      const other = await start();
      expect(other.token).not.toBe(token);

      const weak = await setUp({ ...OWNER, password: 'password123', token: other.token });
      expect(weak.status).toBe(400);
      expect(await ownerState()).toBe('needs-setup');

      const created = await setUp({ ...OWNER, token: other.token });
      expect(created.status).toBe(201);
      expect(created.headers.get('set-cookie')).toMatch(/spd_session=/);
      expect(await ownerState()).toBe('ready');
      expect(await fixture.store.db.selectFrom('st_setup_token').selectAll().execute()).toEqual([]);

      // Every token has ended: the set-up is refused (409) whatever is sent, the owner signs in.
      for (const again of [{ token }, { token: other.token }, {}]) {
        const refused = await setUp({ email: 'second@shop.example', name: 'Second', password: PASSWORD, ...again });
        expect(refused.status).toBe(409);
        expect((await body<ErrorEnvelope>(refused)).error.message).toMatch(/already has an owner/);
      }
      expect((await postLogin(PASSWORD, freshIp(), { origin: ORIGIN }, OWNER.email)).status).toBe(200);

      // A later start has someone to sign in: it prints and stores nothing.
      const later = await start();
      expect(later).toEqual({ token: null, printed: '', logged: [] });
    });
  },
);

describe('servers that need no set-up token', () => {
  afterEach(() => vi.restoreAllMocks());
  it('the demo and a configured owner print nothing and never open the store for it', async () => {
    serveFromHolder({}, { engine: false }); // no store: a store read would throw
    for (const env of [
      {},
      {
        UPSTREAM_BASE_URL: 'https://reporting.example.com',
        UPSTREAM_APP_KEY: 'key',
        UPSTREAM_APP_SECRET: 'secret',
        SESSION_SECRET: 'x'.repeat(40),
        OWNER_EMAIL: 'me@shop.example',
        OWNER_PASSWORD: PASSWORD,
      },
    ]) {
      const printed: string[] = [];
      expect(await announceSetup(parseServerConfig(env), (text) => printed.push(text))).toBeNull();
      expect(printed).toEqual([]);
    }
  });
});
