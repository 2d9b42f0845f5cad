import { expect, test } from '@playwright/test';
import { freshInstanceEnv, startBuiltApp, type Spawned } from './support/spawn-app';

// A person never waits behind the sync (docs/ARCHITECTURE.md, "The upstream budget"). An instance
// of its own at the real budget of 60 requests a minute and a cold store: opening a one-year SKU
// report starts a sync that needs minutes of budget; the report shows its stored part while it
// fills, and the orders page still answers while that sync runs, because a reserve of the budget
// is kept for people. (Before the reserve, the sync took every slot and a click waited ~50 s.)

const PORT = Number(process.env.E2E_PORT ?? 3999) + 3;
const base = `http://127.0.0.1:${PORT}`;

let app: Spawned;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const env = freshInstanceEnv('budget', {
    SERVICE_RATE_LIMIT_PER_MINUTE: '60',
    UPSTREAM_RATE_LIMIT_PER_MINUTE: '60',
  });
  app = await startBuiltApp(PORT, env);
});
test.afterAll(async () => app?.stop());

test('while a one-year sync runs at 60/min, the SKU report shows its stored part and the orders page still answers', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Signed in on this instance itself: its session list is its own.
  await page.goto(`${base}/login`);
  await page.getByLabel(/password/i).fill('demo');
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  // One year ending two days ago (a custom range; clear of any time-zone edge around today).
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`${base}/sku-profit?range=custom&from=${day(366)}&to=${day(2)}`);
  // The sync started by opening the report: partial figures with their coverage, not an empty page.
  // A read estimated at more than 5 minutes of the budget asks first (docs/ARCHITECTURE.md, "Ranges
  // a seller meant"): the seller says "Read it".
  const partial = page.getByText(/Partial figures, still reading this range:.*days are stored completely/);
  const ask = page.getByRole('alert').filter({ hasText: 'Read this whole range?' });
  await expect(partial.or(ask).first()).toBeVisible({ timeout: 60_000 });
  if (await ask.isVisible()) await ask.getByRole('button', { name: 'Read it' }).click();
  await expect(partial).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('table', { name: 'Profit per SKU' })).toBeVisible({ timeout: 60_000 });

  // The report's shop: the one in the URL, else the first of the key (the page's default).
  const shops = (await (await page.request.get(`${base}/api/dashboard/shops`)).json()) as {
    data: { items: { id: string }[] };
  };
  const shopId = new URL(page.url()).searchParams.get('shop') ?? shops.data.items[0]!.id;
  const syncing = async () => {
    const body = (await (await page.request.get(`${base}/api/dashboard/shops/${shopId}/sync`)).json()) as {
      data: { sync: { running: boolean } };
    };
    return body.data.sync.running;
  };
  expect(await syncing()).toBe(true);

  // A person's click, behind a sync that has minutes of work left: rows within a few seconds.
  const clicked = Date.now();
  await page.goto(`${base}/orders?range=last-90-days&page=3`);
  await expect(page.getByRole('table', { name: 'Orders' }).locator('tbody tr').first()).toBeVisible({
    timeout: 15_000,
  });
  const waitedMs = Date.now() - clicked;
  test.info().annotations.push({ type: 'orders page while syncing', description: `${waitedMs} ms` });
  expect(await syncing()).toBe(true); // the sync was still running the whole time
});
