import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startBuiltApp, type Spawned } from './support/spawn-app';

// The Content-Security-Policy (proxy.ts) must not break the app: every page a seller opens runs
// its scripts (they carry the response's nonce) and the browser reports no violation. An instance
// of its own, so the syncs its page visits start leave no state behind for the other tests.

const PORT = Number(process.env.E2E_PORT ?? 3999) + 2;
const base = `http://127.0.0.1:${PORT}`;
let app: Spawned | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await startBuiltApp(PORT, {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'spd-csp-')),
    SERVICE_RATE_LIMIT_PER_MINUTE: '600',
    UPSTREAM_RATE_LIMIT_PER_MINUTE: '600',
  });
});
test.afterAll(async () => app?.stop());

test('no page of the dashboard triggers a Content-Security-Policy violation, and every page hydrates', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text()))
      violations.push(`${page.url()}: ${message.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content-Security-Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });

  // The sign-in form works only when its script ran.
  await page.goto(`${base}/login`);
  await page.getByLabel(/password/i).fill('demo');
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  for (const path of ['/', '/orders', '/sku-profit', '/sku-costs', '/refunds', '/all-shops', '/no-such-page']) {
    const response = await page.goto(`${base}${path}`);
    expect(response?.headers()['content-security-policy'], path).toMatch(/'nonce-/);
    await page.waitForLoadState('networkidle');
  }
  // A client-side control that only works after hydration: sign out.
  await page.goto(`${base}/orders`);
  await page.getByRole('button', { name: /sign out/i }).click();
  await page.waitForURL(/\/login/);
  expect(violations).toEqual([]);

  // The watch itself works: a request the policy forbids (another origin) is reported.
  await page.evaluate(() => fetch('https://example.invalid/').catch(() => undefined));
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});

test('bookmarks of the renamed pages redirect permanently and keep their query string', async ({ request }) => {
  for (const [from, to] of [
    ['/skus', '/sku-profit'],
    ['/products', '/sku-costs'],
  ]) {
    const response = await request.get(`${base}${from}?range=last-7-days&x=1`, { maxRedirects: 0 });
    expect(response.status(), from).toBe(308);
    expect(response.headers()['location'], from).toBe(`${to}?range=last-7-days&x=1`);
  }
});
