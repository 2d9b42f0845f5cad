import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { expect, test } from '@playwright/test';
import { cents, columnInstants, columnTexts, expectAccessible, saveScreenshot, signIn } from './support/dashboard';

// A seller's day, driven by role and label in the built app: pick a shop and a period, work the
// orders table, read an order's P&L and its explanation, check SKU costs and refunds, export, and
// reopen a copied link.

test.describe.configure({ mode: 'serial' });

test('a seller works through orders, SKU costs, refunds and an export', async ({ page }) => {
  await signIn(page);
  await page.goto('/orders');

  // The second shop, from the searchable picker.
  const shopBox = page.getByRole('combobox', { name: 'Shop' });
  await shopBox.click();
  const second = page.getByRole('option').nth(1);
  const secondName = (await second.locator('.option-title').innerText()).trim();
  await second.click();
  await expect(shopBox).toHaveValue(secondName);
  await expect(page).toHaveURL(/[?&]shop=/);

  await page.getByLabel('Date range').selectOption({ label: 'Last 30 days' });
  const summary = page.locator('.page-summary');
  await expect(summary).toContainText(/orders/);
  const timeZone = (await page.locator('.tz-badge').innerText()).replace('Time zone:', '').trim();
  expect(timeZone).toMatch(/\//);
  await expect(summary).toContainText(timeZone);

  // Sort oldest first.
  await page.getByRole('button', { name: /^Created, sorted newest first/ }).click();
  await expect(page).toHaveURL(/sort=asc/);
  await expect(page.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'ascending');
  const created = await columnInstants(page, 'Created');
  expect(created.length).toBeGreaterThan(1);
  expect([...created].sort()).toEqual(created);

  // Filter by SKU (seller SKU of the formula-named demo product), then page.
  await page.getByLabel('SKU name or seller SKU').fill('SUM');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/skuName=SUM/);
  // The table keeps the unfiltered rows, marked busy, until the filtered ones arrive.
  await expect(page.getByRole('table', { name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Orders' })).not.toHaveAttribute('aria-busy', 'true');
  const pager = page.getByRole('navigation', { name: 'Pages of orders' });
  const total = Number((await pager.locator('p').innerText()).match(/of ([\d,]+)/)?.[1]?.replaceAll(',', ''));
  expect(total).toBeGreaterThan(25);
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pager).toContainText(`26–${Math.min(50, total)} of ${total}`);

  // Expand an order with several products: its net profit is the sum of the lines shown.
  const items = await columnTexts(page, 'Items');
  const multi = items.findIndex((n) => Number(n) > 1);
  const row = page
    .getByRole('table', { name: 'Orders' })
    .locator('tbody > tr:not(.expanded-row)')
    .nth(Math.max(0, multi));
  const orderNumber = (await row.locator('td').nth(1).innerText()).trim();
  await row.getByRole('button', { name: `Show products of order ${orderNumber}` }).press('Enter');
  const panel = page.getByRole('table', { name: /Profit and loss per product of order/ });
  await expect(panel).toBeVisible();
  const netRow = panel.getByRole('row', { name: /^Net profit/ });
  const lineCells = await netRow.locator('td').allInnerTexts();
  const productCount = Math.max(1, multi >= 0 ? Number(items[multi]) : 1);
  const lineSum = lineCells.slice(0, productCount).reduce((sum, text) => sum + cents(text), 0);
  // The figure itself: an order not settled yet carries an "estimated" mark before it.
  const netFigure = row.locator('td').nth(9).locator('.profit-cell > span:not(.estimate-mark)').first();
  const orderNet = cents(await netFigure.innerText());
  expect(lineSum).toBe(orderNet);

  // The explanation: the terms that produced the order's net profit.
  await row.getByRole('button', { name: `Explain net profit of order ${orderNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: /How order net profit is calculated/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('tfoot')).toContainText(await netFigure.innerText());
  await expectAccessible(page, 'orders with the explanation open');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expectAccessible(page, 'orders with an expanded row');

  // SKU costs with a filter.
  await page.getByRole('link', { name: 'SKU costs' }).click();
  await expect(page.getByRole('heading', { name: 'SKU costs' })).toBeVisible();
  await page.getByLabel('Product name').fill('mug');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/name=mug/);
  const skuTable = page.getByRole('table', { name: 'SKU costs' });
  await expect(skuTable).toBeVisible();
  const names = await skuTable.locator('tbody tr td[data-label="Product"]').allInnerTexts();
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name.toLowerCase()).toContain('mug');

  // Refunds: the chart and a tooltip on hover.
  await page.getByRole('link', { name: 'Refunds' }).click();
  await expect(page.getByRole('heading', { name: 'Refunds' })).toBeVisible();
  const chart = page.locator('.chart-box svg.recharts-surface').first();
  await expect(chart).toBeVisible();
  const box = await chart.boundingBox();
  if (!box) throw new Error('chart has no box');
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.3);
  await expect(page.getByRole('tooltip')).toBeVisible();
  await expect(page.getByRole('tooltip')).toContainText('Total');

  // Back to the filtered orders through the browser's history.
  await page.goBack();
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/orders\?.*skuName=SUM/);
  await expect(page.getByLabel('SKU name or seller SKU')).toHaveValue('SUM');

  // Export: the whole filtered range, one row per product line, formulas neutralised.
  await page.getByLabel('Rows per page').selectOption('100');
  await expect(pager).toContainText(`1–${total} of ${total}`);
  const lines = (await columnTexts(page, 'Items')).reduce((sum, n) => sum + Number(n), 0);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders_[a-z0-9-]+_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync(await file.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = Papa.parse<Record<string, string>>(bytes.toString('utf8').slice(1), {
    header: true,
    skipEmptyLines: true,
  });
  expect(csv.errors).toEqual([]);
  expect(csv.data).toHaveLength(lines);
  const formulaNames = csv.data.map((r) => r['Product name'] ?? '').filter((n) => n.includes('SUM('));
  expect(formulaNames.length).toBeGreaterThan(0);
  for (const name of formulaNames) expect(name.startsWith("'=")).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toContainText(`Saved ${lines} rows`);

  // A copied link reopens the same view.
  const url = page.url();
  const again = await page.context().newPage();
  await again.goto(url);
  await expect(again.getByRole('combobox', { name: 'Shop' })).toHaveValue(secondName);
  await expect(again.getByLabel('SKU name or seller SKU')).toHaveValue('SUM');
  await expect(again.getByLabel('Rows per page')).toHaveValue('100');
  await expect(again.getByRole('navigation', { name: 'Pages of orders' })).toContainText(`1–${total} of ${total}`);
  await expect(again.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'ascending');
  await again.close();
});

const pages = [
  { path: '/orders', name: 'orders', ready: 'Orders' },
  { path: '/sku-costs', name: 'sku-costs', ready: 'SKU costs' },
  { path: '/pnl-by-month', name: 'pnl-by-month', ready: 'P&L by month' },
  { path: '/settlement', name: 'settlement', ready: 'Settlement' },
  { path: '/pricing', name: 'pricing', ready: 'Pricing' },
  { path: '/refunds', name: 'refunds', ready: 'Refunds' },
  { path: '/all-shops', name: 'all-shops', ready: 'All shops' },
  { path: '/your-costs', name: 'your-costs', ready: 'Your costs' },
  { path: '/alerts', name: 'alerts', ready: 'Alerts' },
] as const;

const modes = [
  { mode: 'light', options: { viewport: { width: 1366, height: 900 } } },
  { mode: 'dark', options: { viewport: { width: 1366, height: 900 }, colorScheme: 'dark' as const } },
  { mode: 'mobile-390', options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

for (const { mode, options } of modes) {
  test(`every page is accessible and screenshot in ${mode}`, async ({ browser }) => {
    const context = await browser.newContext({ ...options, baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    await signIn(page);
    for (const { path, name, ready } of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: ready })).toBeVisible();
      await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
      if (name === 'refunds') await expect(page.locator('.chart-box svg.recharts-surface').first()).toBeVisible();
      await expectAccessible(page, `${path} (${mode})`);
      if (mode === 'mobile-390') {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} fits 390 px`).toBeLessThanOrEqual(0);
      }
      await saveScreenshot(page, `${name}-${mode}`);
    }
    await context.close();
  });
}
