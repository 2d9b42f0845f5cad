import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { saveScreenshot, waitForHydration } from './support/dashboard';
import { spawnLogged, startBuiltApp, startService, type Spawned } from './support/spawn-app';

// The four faults a seller can meet, in the built app against the standalone Reporting Service
// behind a proxy this test switches: one shop listed with an invalid time zone, an upstream that
// hangs, a sync that fails and is retried by hand, and Redis gone in the middle of a sync. Each
// page keeps its frame and says what happened in the dashboard's words.

const BASE = Number(process.env.E2E_PORT ?? 3999) + 20;
const SERVICE_PORT = BASE;
const PROXY_PORT = BASE + 1;
const APP_PORT = BASE + 2;
const REDIS_PORT = BASE + 3;
const APP = `http://127.0.0.1:${APP_PORT}`;
const PASSWORD = `pw-${randomBytes(6).toString('hex')}`;

type Mode = 'pass' | 'hang' | 'fail';
const proxy = { mode: 'pass' as Mode, badTimeZone: false };

let dataDir = '';
let service: Spawned | undefined;
let app: Spawned | undefined;
let redis: Spawned | undefined;
let server: Server | undefined;

function startRedis(): Spawned {
  return spawnLogged(
    'redis-server',
    ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {},
  );
}

async function waitForRedis(): Promise<void> {
  const { Socket } = await import('node:net');
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
      socket.connect(REDIS_PORT, '127.0.0.1');
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('redis-server did not start');
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dataDir = mkdtempSync(join(tmpdir(), 'spd-faults-'));
  service = await startService(SERVICE_PORT, {
    DATA_DIR: join(dataDir, 'service'),
    SERVICE_RATE_LIMIT_PER_MINUTE: '600',
  });
  // The proxy: passes requests on, or hangs them, or fails them with a 500; rewrites one shop's zone.
  server = createServer(async (req, res) => {
    const isShops = req.url?.startsWith('/api/v1/shops') ?? false;
    if (!isShops && proxy.mode === 'hang') return; // never answers
    if (!isShops && proxy.mode === 'fail') {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, error: { code: 'INTERNAL_ERROR', message: 'injected' } }));
      return;
    }
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(key, value);
    const upstream = await fetch(`http://127.0.0.1:${SERVICE_PORT}${req.url}`, { headers });
    let body = await upstream.text();
    if (isShops && proxy.badTimeZone && upstream.ok) {
      const json = JSON.parse(body) as { data: { items: { timezone: string }[] } };
      if (json.data.items[1]) json.data.items[1].timezone = 'Mars/Olympus_Mons';
      body = JSON.stringify(json);
    }
    res.writeHead(upstream.status, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server!.listen(PROXY_PORT, '127.0.0.1', resolve));
  redis = startRedis();
  await waitForRedis();
  app = await startBuiltApp(APP_PORT, {
    DATA_DIR: join(dataDir, 'app'),
    UPSTREAM_BASE_URL: `http://127.0.0.1:${PROXY_PORT}`,
    UPSTREAM_APP_KEY: 'demo-app-key',
    UPSTREAM_APP_SECRET: 'demo-app-secret',
    UPSTREAM_RATE_LIMIT_PER_MINUTE: '600',
    UPSTREAM_TIMEOUT_MS: '3000',
    DASHBOARD_PASSWORD: PASSWORD,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SESSION_COOKIE_SECURE: 'false',
    REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
  });
});

test.afterAll(async () => {
  await app?.stop();
  await redis?.stop();
  await service?.stop();
  await new Promise((resolve) => server?.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  await page.goto(`${APP}/login`);
  // DASHBOARD_PASSWORD without OWNER_EMAIL: the owner is owner@dashboard.local (README).
  await page.getByLabel('Email').fill('owner@dashboard.local');
  await page.getByLabel(/password/i).fill(PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

test('a shop listed with an invalid time zone is shown as unavailable; the other shops work', async ({ page }) => {
  proxy.badTimeZone = true;
  await signIn(page);
  await page.goto(`${APP}/orders`);
  await waitForHydration(page);
  await expect(page.getByRole('table', { name: 'Orders' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('combobox', { name: 'Shop' }).click();
  const aside = page.getByRole('option', { name: /\(unavailable\)/ });
  await expect(aside).toHaveCount(1);
  await expect(aside).toHaveAttribute('aria-disabled', 'true');
  await expect(aside).toContainText('"Mars/Olympus_Mons", which is not an IANA time zone');
  await saveScreenshot(page, 'fault-unavailable-shop');
  proxy.badTimeZone = false;
});

test('while the Reporting Service hangs, a page says within 30 s that it is not responding', async ({ page }) => {
  await signIn(page);
  proxy.mode = 'hang';
  try {
    const started = Date.now();
    await page.goto(`${APP}/orders?range=custom&from=2025-03-01&to=2025-03-04`);
    await expect(page.getByText(/The Reporting Service is not responding/).first()).toBeVisible({ timeout: 30_000 });
    expect(Date.now() - started).toBeLessThan(30_000);
    await expect(page.getByText(/limited number of requests a minute/)).toHaveCount(0);
    await saveScreenshot(page, 'fault-upstream-hangs');
  } finally {
    proxy.mode = 'pass';
  }
});

test('after a failed sync the page says when it retries and "Retry now" resumes it at once', async ({ page }) => {
  await signIn(page);
  proxy.mode = 'fail';
  await page.goto(`${APP}/sku-profit?range=custom&from=2025-05-01&to=2025-05-20`);
  await waitForHydration(page);
  const stopped = page.getByText(/The last sync stopped: .*It resumes where it stopped by itself/);
  await expect(stopped).toBeVisible({ timeout: 60_000 });
  await saveScreenshot(page, 'fault-sync-failed');
  proxy.mode = 'pass';
  await page.getByRole('button', { name: 'Retry now' }).click();
  await expect(stopped).toBeHidden({ timeout: 20_000 });
  await expect(page.getByText(/20 of 20 days of this range stored/)).toBeVisible({ timeout: 60_000 });
});

test('with Redis gone during a sync, the page keeps its frame and says the data store is unavailable', async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`${APP}/sku-profit?range=custom&from=2025-06-01&to=2025-11-01`);
  await waitForHydration(page);
  await expect(page.getByText(/Reading .*: the range you opened|days of this range stored/).first()).toBeVisible({
    timeout: 30_000,
  });
  await redis!.stop();
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: "The dashboard's data store is unavailable" })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText(/the Reporting Service is not the problem/)).toBeVisible();
    await expect(page.getByText(/couldn.t load/i)).toHaveCount(0);
    await saveScreenshot(page, 'fault-store-down');
  } finally {
    redis = startRedis();
    await waitForRedis();
  }
  // Back: the session list was in the Redis that went away, so the person signs in again.
  await signIn(page);
  await page.goto(`${APP}/sku-profit?range=custom&from=2025-06-01&to=2025-06-05`);
  await expect(page.getByRole('heading', { name: 'SKU profit', level: 1 })).toBeVisible({ timeout: 30_000 });
});
