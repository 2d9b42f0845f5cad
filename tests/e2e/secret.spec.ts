import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page, type Response } from '@playwright/test';
import { startBuiltApp, startService, type Spawned } from './support/spawn-app';

// "The secret never leaves the server": the built app talks to the standalone service over HTTP
// with a distinctive app secret, and a second key is added on the Connections page with another;
// every page and dashboard endpoint is called as a signed-in browser, and neither secret may appear
// in any body, header, cookie, static file, log line or file of the dashboard's data folder.

const SERVICE_PORT = 3231;
const APP_PORT = 3232;
const WRONG_APP_PORT = 3233;
const SECRET = `spd-secret-${randomBytes(16).toString('hex')}`;
const WRONG_SECRET = `spd-wrong-${randomBytes(16).toString('hex')}`;
const CONNECTION_SECRET = `spd-conn-${randomBytes(16).toString('hex')}`;
const PASSWORD = `pw-${randomBytes(6).toString('hex')}`;
const SESSION_SECRET = randomBytes(32).toString('hex');

let dataDir = '';
let service: Spawned | undefined;
const apps: Spawned[] = [];

function appEnv(secret: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    UPSTREAM_BASE_URL: `http://127.0.0.1:${SERVICE_PORT}`,
    UPSTREAM_APP_KEY: 'demo-app-key',
    UPSTREAM_APP_SECRET: secret,
    DASHBOARD_PASSWORD: PASSWORD,
    SESSION_SECRET,
    SECRETS_KEY: randomBytes(32).toString('base64'),
    UPSTREAM_RATE_LIMIT_PER_MINUTE: '600',
  };
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dataDir = mkdtempSync(join(tmpdir(), 'spd-secret-'));
  service = await startService(SERVICE_PORT, {
    DATA_DIR: join(dataDir, 'service'),
    SERVICE_DEMO_APP_SECRET: SECRET,
    SERVICE_OTHER_APP_SECRET: CONNECTION_SECRET,
    SERVICE_RATE_LIMIT_PER_MINUTE: '600',
  });
  apps.push(await startBuiltApp(APP_PORT, appEnv(SECRET)));
  apps.push(await startBuiltApp(WRONG_APP_PORT, appEnv(WRONG_SECRET)));
});

test.afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await service?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page, base: string) {
  await page.goto(`${base}/`);
  await expect(page).toHaveURL(/\/login/);
  // DASHBOARD_PASSWORD without OWNER_EMAIL: the owner is owner@dashboard.local (README).
  await page.getByLabel('Email').fill('owner@dashboard.local');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Route paths of the build (pages and route handlers), so routes added later are covered too. */
function builtRoutes(): { pages: string[]; api: string[] } {
  const manifest = JSON.parse(readFileSync('.next/app-path-routes-manifest.json', 'utf8')) as Record<string, string>;
  const routes = Object.entries(manifest);
  const pages = routes.filter(([file]) => file.endsWith('/page')).map(([, path]) => path);
  const api = routes
    .filter(([file, path]) => file.endsWith('/route') && path.startsWith('/api/') && !path.startsWith('/api/v1'))
    .map(([, path]) => path);
  return { pages: pages.filter((p) => !p.startsWith('/_')), api };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

test('no app secret appears in a response, header, cookie, static file, log or stored file', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const base = `http://127.0.0.1:${APP_PORT}`;
  const seen: { url: string; status: number; headers: string; body: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response: Response) => {
    pending.push(
      (async () => {
        const headers = JSON.stringify(await response.headersArray());
        const body = await response.body().then(
          (b) => b.toString('utf8'),
          () => '',
        );
        seen.push({ url: response.url(), status: response.status(), headers, body });
      })(),
    );
  });

  await signIn(page, base);
  // A second key, stored (sealed) through the Connections page's API.
  const added = await page.evaluate(
    async (connection) =>
      (
        await fetch('/api/dashboard/connections', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(connection),
        })
      ).status,
    {
      name: 'Client B',
      baseUrl: `http://127.0.0.1:${SERVICE_PORT}`,
      appKey: 'other-app-key',
      appSecret: CONNECTION_SECRET,
    },
  );
  expect(added).toBe(201);
  const shops = await page.evaluate(
    async () => (await (await fetch('/api/dashboard/shops')).json()) as { data: { items: { id: string }[] } },
  );
  const shopId = shops.data.items[0]?.id;
  expect(shopId, 'the configured key lists shops').toBeTruthy();

  const fill = (path: string) => path.replace(/\[shopId\]/g, shopId ?? '').replace(/\[[^\]]+\]/g, 'x');
  const { pages, api } = builtRoutes();
  expect(api).toEqual(expect.arrayContaining(['/api/dashboard/shops', '/api/dashboard/shops/[shopId]/orders']));
  const query = `?range=last-7-days&shop=${shopId}`;
  for (const path of api) {
    const status = await page.evaluate(async (url) => (await fetch(url)).status, fill(path) + query);
    expect(status, path).toBeLessThan(500);
  }
  for (const path of pages) {
    await page.goto(base + fill(path) + query);
    await page.waitForLoadState('networkidle');
  }
  await Promise.all(pending);

  expect(seen.length).toBeGreaterThan(api.length + pages.length);
  for (const secret of [SECRET, CONNECTION_SECRET]) {
    for (const response of seen) {
      expect(response.headers, `headers of ${response.url}`).not.toContain(secret);
      expect(response.body, `body of ${response.url}`).not.toContain(secret);
    }
    for (const cookie of await context.cookies()) expect(cookie.value).not.toContain(secret);

    const staticFiles = filesUnder('.next/static');
    expect(staticFiles.length).toBeGreaterThan(0);
    for (const file of staticFiles) expect(readFileSync(file).includes(secret), file).toBe(false);

    const logs = apps.map((app) => app.output()).join('\n');
    expect(logs).not.toContain(secret);
  }
  // The dashboard's store holds the connection's secret sealed, never as text (the service's own
  // folder holds a hash of it).
  const stored = filesUnder(dataDir).filter((file) => !file.startsWith(join(dataDir, 'service')));
  expect(stored.length).toBeGreaterThan(0);
  for (const file of stored) expect(readFileSync(file).includes(CONNECTION_SECRET), file).toBe(false);
});

test('with a wrong secret, the seller reads that the server credentials are wrong, without the secret', async ({
  page,
}) => {
  const base = `http://127.0.0.1:${WRONG_APP_PORT}`;
  await signIn(page, base);
  const result = await page.evaluate(async () => {
    const response = await fetch('/api/dashboard/shops');
    return { status: response.status, text: await response.text() };
  });
  expect(result.status, `${result.text}\n${apps[1]?.output()}`).toBe(502);
  expect(JSON.parse(result.text)).toEqual({
    success: false,
    error: {
      code: 'UPSTREAM_CREDENTIALS',
      message:
        "The dashboard's server credentials for the Reporting Service are wrong. Check UPSTREAM_APP_KEY and UPSTREAM_APP_SECRET.",
      requestId: expect.stringMatching(/^[0-9a-f]{16}$/),
    },
  });
  expect(result.text).not.toContain(WRONG_SECRET);

  await page.goto(`${base}/`);
  await expect(page.getByText(/server credentials for the Reporting Service are wrong/)).toBeVisible();
  expect(await page.content()).not.toContain(WRONG_SECRET);
  expect(apps.map((app) => app.output()).join('\n')).not.toContain(WRONG_SECRET);
});
