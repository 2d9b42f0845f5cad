import { expect, test } from '@playwright/test';
import { freshInstanceEnv, NEXT_BIN, spawnLogged, startBuiltApp, type Spawned } from './support/spawn-app';

// The production server as an outsider meets it: it refuses to start on a bad configuration,
// naming the variable; without an owner it prints a set-up link and no stranger can claim it; a
// client cannot dodge its sign-in lock-out with forged headers; every script of a page carries the
// CSP nonce. Own instances, so the lock-out touches no other test.

const PORT = Number(process.env.E2E_PORT ?? 3999) + 1;

const env = (extra: Record<string, string>) => freshInstanceEnv('hardening', extra);

async function exitOf(spawned: Spawned, timeoutMs = 60_000): Promise<number | null> {
  if (spawned.process.exitCode !== null) return spawned.process.exitCode;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      void spawned.stop();
      resolve(null);
    }, timeoutMs);
    spawned.process.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

test.describe.configure({ mode: 'serial' });

test('the server refuses to start without SESSION_SECRET when a real upstream is set, naming it and no secret', async () => {
  const app = spawnLogged(
    process.execPath,
    [NEXT_BIN, 'start', '-H', '127.0.0.1', '-p', String(PORT)],
    env({
      UPSTREAM_BASE_URL: 'https://reporting.example.com',
      UPSTREAM_APP_KEY: 'key',
      UPSTREAM_APP_SECRET: 'the-app-secret-value',
      DASHBOARD_PASSWORD: 'pw',
    }),
  );
  expect(await exitOf(app)).toBe(1);
  expect(app.output()).toMatch(/cannot start:[\s\S]*SESSION_SECRET must be set/);
  expect(app.output()).not.toContain('the-app-secret-value');
});

test('the server refuses to start when Redis does not answer, naming REDIS_URL', async () => {
  const app = spawnLogged(
    process.execPath,
    [NEXT_BIN, 'start', '-H', '127.0.0.1', '-p', String(PORT)],
    env({ REDIS_URL: 'redis://127.0.0.1:1' }),
  );
  expect(await exitOf(app)).toBe(1);
  expect(app.output()).toMatch(/REDIS_URL: Redis at 127\.0\.0\.1:1 did not answer/);
});

test('a real upstream and no owner: the start prints a set-up link, a stranger cannot claim the server, the link can', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const base = `http://127.0.0.1:${PORT}`;
  const app = await startBuiltApp(
    PORT,
    env({
      UPSTREAM_BASE_URL: 'http://127.0.0.1:9',
      UPSTREAM_APP_KEY: 'key',
      UPSTREAM_APP_SECRET: 'the-app-secret-value',
      SESSION_SECRET: 'y'.repeat(40),
      PUBLIC_URL: base,
    }),
  );
  try {
    const output = app.output();
    const link = new RegExp(`${base}/login\\?token=([A-Za-z0-9_-]{43})`).exec(output);
    expect(link, output).not.toBeNull();
    expect(output).toContain(`set-up token on the sign-in page: ${link![1]}`);
    expect(output).toMatch(/"event":"setup_token"/);

    const owner = { email: 'first@shop.example', name: 'First', password: 'a long and uncommon passphrase' };
    const stranger = await fetch(`${base}/api/dashboard/setup`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json' },
      body: JSON.stringify(owner),
    });
    expect(stranger.status).toBe(403);
    expect(await stranger.text()).toContain(
      "The set-up token is missing or wrong: it is printed in the server's output",
    );

    await page.goto(link![0]);
    await expect(page.getByRole('heading', { name: 'Set up the dashboard' })).toBeVisible();
    await expect(page.getByLabel('Set-up token')).toHaveValue(link![1]!);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Your name').fill(owner.name);
    await page.getByLabel('New password').fill(owner.password);
    await page.getByLabel('Repeat the password').fill(owner.password);
    await page.getByRole('button', { name: 'Create the owner' }).click();
    await expect(page).not.toHaveURL(/\/login/);
    const session = await (await page.request.get(`${base}/api/dashboard/session`)).json();
    expect(session).toMatchObject({ data: { authenticated: true, person: { email: owner.email, role: 'owner' } } });

    // The link has done its work: the same token no longer sets anything up.
    const again = await page.request.post(`${base}/api/dashboard/setup`, {
      headers: { origin: base },
      data: { ...owner, email: 'second@shop.example', token: link![1] },
    });
    expect(again.status()).toBe(409);
  } finally {
    await app.stop();
  }
});

test.describe('a running instance', () => {
  let app: Spawned;
  const base = `http://127.0.0.1:${PORT}`;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    app = await startBuiltApp(PORT, env({}));
  });
  test.afterAll(async () => app?.stop());

  const login = (password: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/dashboard/session`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ password }),
    });

  test('each page script carries the CSP nonce of its response; HSTS is sent', async () => {
    const response = await fetch(`${base}/login`);
    const policy = response.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    const scripts = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  test('a locked-out client cannot sign in by forging X-Forwarded-For, X-Real-IP or the peer header', async () => {
    for (let i = 0; i < 5; i += 1) expect((await login(`wrong-${i}`)).status).toBe(401);
    const forged: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.77' },
      { 'x-spd-peer-address': '203.0.113.78' },
      { 'x-real-ip': '203.0.113.79' },
    ];
    for (const headers of forged) expect((await login('demo', headers)).status).toBe(429);
  });
});
