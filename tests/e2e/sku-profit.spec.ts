import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { expect, test } from '@playwright/test';
import { expectAccessible, saveScreenshot, signIn } from './support/dashboard';

// A seller opens the SKU profit page for a range nobody has synced yet: the page shows the sync's
// progress instead of blocking, then the table, and the export holds the same rows.

function isoDay(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

test('SKU profit for a fresh range: progress, then the table, then the CSV', async ({ page }) => {
  await signIn(page);
  // A year that ends a quarter ago: no other test opens it, so it starts unsynced.
  const from = isoDay(455);
  const to = isoDay(91);
  await page.goto(`/sku-profit?range=custom&from=${from}&to=${to}`);
  await expect(page.getByRole('heading', { name: 'SKU profit', level: 1 })).toBeVisible();

  const progress = page.getByRole('progressbar');
  await expect(progress).toBeVisible();
  // The bar names its own range and why it is read.
  await expect(page.getByText(/Reading .*: the range you opened|Starting to read this range/)).toBeVisible();
  await expect(page.getByText(/Figures (not read yet|as of|of today as of)/)).toBeVisible();
  // A file is the whole range or nothing: the export waits for the sync, and says so.
  await expect(page.getByText(/Export available once this range is synced \(\d+ of 365 days stored\)/)).toBeVisible();
  await expect(page.getByRole('button', { name: /export csv/i })).toBeDisabled();
  await saveScreenshot(page, 'sku-profit-syncing');

  const table = page.getByRole('table', { name: 'Profit per SKU' });
  // The table fills while the range syncs (partial, most recent days first); the sync then ends.
  await expect(table).toBeVisible({ timeout: 90_000 });
  await expect(progress).toBeHidden({ timeout: 90_000 });
  await expect(
    page.getByText('Refunds are daily totals and are not attributed to SKUs', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Loss finder' })).toBeVisible();
  const rows = await table.locator('tbody tr').count();
  expect(rows).toBeGreaterThan(0);
  await saveScreenshot(page, 'sku-profit-table');
  await expectAccessible(page, 'SKU profit page');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /export csv/i }).click(),
  ]);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.meta.fields).toEqual(
    expect.arrayContaining(['Product', 'Seller SKU', 'Order lines', 'Net sales', 'Net profit', 'Margin (%)']),
  );
  expect(parsed.data).toHaveLength(rows);
  // Sorted like the table: most profitable first.
  const profits = parsed.data.map((r) => Number(r['Net profit']));
  expect(profits).toEqual([...profits].sort((a, b) => b - a));
});

test('a stored range comes with its SKU rows in the first HTML, before the page’s scripts run', async ({ page }) => {
  await signIn(page);
  await page.goto('/sku-profit?range=last-30-days');
  const table = page.getByRole('table', { name: 'Profit per SKU' });
  await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('progressbar')).toBeHidden({ timeout: 90_000 });
  const rows = await table.locator('tbody tr').count();
  // The HTML the server sends for the same view (what a slow phone paints before its scripts have
  // loaded) already holds the table with every row, not a skeleton waiting for a second request.
  const html = await (await page.request.get('/sku-profit?range=last-30-days')).text();
  const served = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'text/html');
    const found = [...doc.querySelectorAll('table')].find((t) => t.caption?.textContent === 'Profit per SKU');
    return found ? found.querySelectorAll('tbody tr').length : null;
  }, html);
  expect(served).toBe(rows);
  expect(html).not.toContain('the range you opened');
});

test('the overview is the landing page', async ({ page }) => {
  await signIn(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(page.getByText('Bottom line', { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('heading', { name: 'Top 5 SKUs' })).toBeVisible();
  await saveScreenshot(page, 'overview');
});
