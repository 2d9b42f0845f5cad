import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkStartup } from '@/lib/startup/check';

// The server refuses to start, naming the variable, instead of printing "Ready" and failing later.

const REAL = {
  UPSTREAM_BASE_URL: 'https://reporting.example.com',
  UPSTREAM_APP_KEY: 'key',
  UPSTREAM_APP_SECRET: 'secret',
  DASHBOARD_PASSWORD: 'a-password',
  SESSION_SECRET: 'x'.repeat(32),
  DATA_DIR: join(tmpdir(), `spd-startup-${process.pid}`),
};

async function problems(env: Record<string, string | undefined>): Promise<string> {
  const result = await checkStartup(env);
  return result.ok ? '' : result.problems.join('\n');
}

describe('settings checked at start', () => {
  it('a complete real-upstream configuration starts', async () => {
    expect(await checkStartup(REAL)).toMatchObject({ ok: true });
  });

  it.each(['UPSTREAM_APP_KEY', 'UPSTREAM_APP_SECRET', 'SESSION_SECRET'])(
    'with a real upstream, a missing %s refuses the start and names it',
    async (name) => {
      expect(await problems({ ...REAL, [name]: undefined })).toMatch(
        new RegExp(`UPSTREAM_BASE_URL.*${name} must be set`),
      );
      expect(await problems({ ...REAL, [name]: '  ' })).toMatch(new RegExp(`${name} must be set`));
    },
  );

  it('with a real upstream and no owner configured, the start goes on (the sign-in page asks for the owner)', async () => {
    expect(await checkStartup({ ...REAL, DASHBOARD_PASSWORD: undefined })).toMatchObject({ ok: true });
  });

  it('an OWNER_EMAIL that is not an email refuses the start and names it', async () => {
    expect(await problems({ ...REAL, OWNER_EMAIL: 'not-an-email' })).toMatch(/OWNER_EMAIL/);
  });

  it('a session secret shorter than 32 characters refuses the start, in demo mode too', async () => {
    expect(await problems({ ...REAL, SESSION_SECRET: 'x'.repeat(20) })).toMatch(
      /SESSION_SECRET must be at least 32 characters/,
    );
    expect(await problems({ SESSION_SECRET: 'short', DATA_DIR: REAL.DATA_DIR })).toMatch(
      /SESSION_SECRET must be at least 32/,
    );
  });

  it.each([
    ['REDIS_URL', 'localhost:6379', /REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/],
    ['DATABASE_URL', 'mysql://db/x', /DATABASE_URL: must start with postgres:\/\//],
    ['SERVICE_DATABASE_URL', 'file.db', /SERVICE_DATABASE_URL: must start with postgres:\/\//],
    ['TRUSTED_PROXY', '10.0.0.1, proxy.local', /TRUSTED_PROXY: must be a comma-separated list of IP addresses/],
    ['PORT', 'eighty', /PORT: must be a positive integer/],
    ['MEMORY_BUDGET_MB', '512MB', /MEMORY_BUDGET_MB: must be a positive integer/],
    ['MEMORY_BUDGET_MB', '128', /MEMORY_BUDGET_MB: must be at least 256 \(MB\)/],
  ])('a malformed %s is named', async (name, value, message) => {
    expect(await problems({ ...REAL, [name]: value })).toMatch(message);
  });

  it('an unreachable Redis is named, without the password in its URL', async () => {
    const text = await problems({ ...REAL, REDIS_URL: 'redis://:hunter2-pass@127.0.0.1:1' });
    expect(text).toMatch(/REDIS_URL: Redis at 127\.0\.0\.1:1 did not answer \(ECONNREFUSED\)/);
    expect(text).not.toContain('hunter2');
  });

  it('an unreachable database is named, without its password', async () => {
    const text = await problems({ ...REAL, DATABASE_URL: 'postgres://postgres:hunter2-pass@127.0.0.1:1/test' });
    expect(text).toMatch(/DATABASE_URL: PostgreSQL at 127\.0\.0\.1:1 could not be used \(ECONNREFUSED\)/);
    expect(text).not.toContain('hunter2');
  });

  it('the embedded service database is checked only when the embedded service is the upstream', async () => {
    const bad = 'postgres://postgres@127.0.0.1:1/test';
    expect(await problems({ DATA_DIR: REAL.DATA_DIR, SERVICE_DATABASE_URL: bad })).toMatch(
      /^SERVICE_DATABASE_URL: PostgreSQL/,
    );
    expect(await problems({ ...REAL, SERVICE_DATABASE_URL: bad })).toBe('');
  });

  it.skipIf(!process.env.TEST_REDIS_URL || !process.env.TEST_DATABASE_URL)(
    'reachable Redis and PostgreSQL pass',
    async () => {
      const env = { ...REAL, REDIS_URL: process.env.TEST_REDIS_URL, DATABASE_URL: process.env.TEST_DATABASE_URL };
      expect(await checkStartup(env)).toMatchObject({ ok: true });
    },
  );
});
