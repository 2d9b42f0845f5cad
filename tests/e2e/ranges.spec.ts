import { expect, test, type Page } from '@playwright/test';
import { freshInstanceEnv, startBuiltApp, type Spawned } from './support/spawn-app';
import { saveScreenshot } from './support/dashboard';

// Ranges a seller meant: a typed range of more than 366 days asks before its first read spends the
// key's budget (with the estimate), and nothing is read until the seller says "Read it"; a range
// wholly in the future reads nothing and says so. A fresh install of its own, so no other spec has
// read the long range before.

const PORT = Number(process.env.E2E_PORT ?? 3999) + 5;
const base = `http://127.0.0.1:${PORT}`;

let app: Spawned;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  app = await startBuiltApp(PORT, freshInstanceEnv('ranges'));
});
test.afterAll(async () => app?.stop());

interface SyncAnswer {
  sync: { running: boolean; range: { from: string; to: string } | null };
}

async function shopId(page: Page): Promise<string> {
  const res = await page.request.get(`${base}/api/dashboard/shops`);
  return ((await res.json()) as { data: { items: { id: string }[] } }).data.items[0]!.id;
}

async function syncState(page: Page, id: string): Promise<SyncAnswer['sync']> {
  const res = await page.request.get(`${base}/api/dashboard/shops/${id}/sync`);
  return ((await res.json()) as { data: SyncAnswer }).data.sync;
}

/** The range of the reads the shop runs over `ms`, sampled every half second. */
async function readsDuring(page: Page, id: string, ms: number): Promise<string[]> {
  const seen = new Set<string>();
  for (const end = Date.now() + ms; Date.now() < end;) {
    const sync = await syncState(page, id);
    if (sync.running && sync.range) seen.add(`${sync.range.from}..${sync.range.to}`);
    await page.waitForTimeout(500);
  }
  return [...seen];
}

test('a 1,063-day typed range asks before reading, keeps Getting started ticked, and reads once the seller says so; a future range reads nothing', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.goto(`${base}/login`);
  await page.getByLabel(/password/i).fill('demo');
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const id = await shopId(page);

  // The first read (the last 30 days) ticks its Getting started step.
  const firstRead = page.locator('li.step-done', { hasText: 'Your orders are read from the Reporting Service' });
  await expect(firstRead).toBeVisible({ timeout: 180_000 });

  // 2024-01-01 to today: 1,063 days on Nov 28, 2026, as the issue typed it.
  const today = new Date().toISOString().slice(0, 10);
  await page.goto(`${base}/?range=custom&from=2024-01-01&to=${today}`);
  const ask = page.getByRole('alert').filter({ hasText: 'Read this whole range?' });
  await expect(ask).toBeVisible({ timeout: 60_000 });
  await expect(ask).toContainText(/days not read yet/);
  await expect(ask).toContainText(/about [\d,]+ pages: about [\d,]+ min of the key's request budget/);
  await expect(ask).toContainText(/the shop's first order/);
  await expect(ask.getByRole('button', { name: 'Read it' })).toBeVisible();
  await saveScreenshot(page, 'ranges-long-read-asks');

  // Nothing of the typed range is read while the page asks, and the first read's step stays ticked.
  const reads = await readsDuring(page, id, 6_000);
  expect(
    reads.filter((r) => r.startsWith('2024-')),
    'no read of the typed range before "Read it"',
  ).toEqual([]);
  await expect(firstRead).toBeVisible();
  // The API refuses it too, with its code and sentence, until the body confirms.
  const refused = await page.request.post(`${base}/api/dashboard/shops/${id}/sync`, {
    data: { range: 'custom', from: '2024-01-01', to: today },
    headers: { origin: base },
  });
  expect(refused.status()).toBe(409);
  const body = (await refused.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe('CONFIRM_LONG_READ');
  expect(body.error.message).toMatch(/Nothing is read until you confirm\./);

  // "Read it" starts the read; the question goes and the bar names the range.
  await ask.getByRole('button', { name: 'Read it' }).click();
  await expect(ask).toHaveCount(0, { timeout: 30_000 });
  await expect
    .poll(async () => (await syncState(page, id)).range?.from ?? '', { timeout: 60_000 })
    .toMatch(/^202[4-6]-/);
  await expect(firstRead).toBeVisible();

  // A range wholly in the future: it says so, and no read of it starts.
  await page.goto(`${base}/?range=custom&from=2030-01-01&to=2030-01-31`);
  await expect(page.getByText('This range is in the future')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('main')).toContainText('nothing is read');
  await expect(page.getByRole('alert').filter({ hasText: 'Read this whole range?' })).toHaveCount(0);
  const futureReads = await readsDuring(page, id, 4_000);
  expect(futureReads.filter((r) => r.startsWith('2030-'))).toEqual([]);
  await expect(page.locator('main')).not.toContainText(/No orders in this range|\b0 orders\b/);
});
