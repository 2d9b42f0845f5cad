import { expect, test } from '@playwright/test';
import { cents, lookAt, signIn, waitForHydration } from './support/dashboard';

// The P&L by month in the built app: a column per month of the range and the total, the lines an
// accountant reads (net sales, each cost with its parts indented, refunds, the bottom line), each
// month's estimated share and its links to the month's orders and SKUs, shares of net sales on a
// switch, and the All shops statement in one currency; looked at in light and dark at 1440 and 390 px.

test('the statement by month: lines, parts, shares, links, and All shops in one currency', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await page.goto('/pnl-by-month?range=last-90-days');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'P&L by month' })).toBeVisible();
  const table = page.getByRole('table', { name: /Profit and loss by month/ });
  await expect(table).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 120_000 });
  const headers = await table.getByRole('columnheader').allInnerTexts();
  expect(headers[0]).toBe('Line');
  expect(headers.at(-1)).toBe('Total');
  expect(headers.length).toBeGreaterThanOrEqual(5); // Line, 3–4 months, Total
  for (const name of [
    'Gross sales',
    'Net sales',
    'Platform fees',
    'Transaction fee',
    'Refunds (daily totals)',
    'Bottom line',
  ])
    await expect(table.getByRole('rowheader', { name, exact: true })).toBeVisible();

  // The total column is the sum of the months, to the cent.
  const bottom = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Bottom line', exact: true }) });
  const figures = (await bottom.getByRole('cell').allInnerTexts()).map(cents);
  expect(figures.at(-1)).toBe(figures.slice(0, -1).reduce((a, c) => a + c, 0));

  await lookAt(page, 'pnl-by-month', 'P&L by month');

  await page.getByLabel('Show each figure as a share of net sales').check();
  await expect(page).toHaveURL(/share=on/);
  const net = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Net sales', exact: true }) });
  await expect(net.getByRole('cell').first()).toContainText('100');
  await lookAt(page, 'pnl-by-month-shares', 'P&L by month with shares');

  // A month's orders: the orders page on that month's days.
  const link = table.getByRole('link', { name: /^Orders of / }).first();
  await link.click();
  await expect(page).toHaveURL(/\/orders\?.*range=custom/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

  // All shops: the statement of every shop in one currency.
  await page.goto('/all-shops?range=last-30-days');
  const all = page.getByRole('region', { name: /P&L by month, all shops/ });
  await expect(all.getByRole('table', { name: /Profit and loss by month/ })).toBeVisible({ timeout: 120_000 });
  await expect(all.getByRole('rowheader', { name: 'Bottom line', exact: true })).toBeVisible();
  // Each figure as a share of its month's net sales: net sales is 100 % of itself.
  await all.getByLabel('Show each figure as a share of net sales').check();
  const allNet = all.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Net sales', exact: true }) });
  await expect(allNet.getByRole('cell').first()).toContainText('100');
  await lookAt(page, 'all-shops-pnl', 'All shops with the P&L by month');
});
