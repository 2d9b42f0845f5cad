import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { lookAt, signIn, waitForHydration } from './support/dashboard';
import { invite, join } from './support/team';

// Closing a month in the built app, as the demo owner: the P&L by month offers to close the last
// ended month, the confirm dialog says what happens after, the month's column then says Closed (who
// and when on hover) and the history names the close; reopening asks for a reason of a few words and
// the history keeps it. A viewer without costs and profit opens neither the page nor the books' routes.

const run = randomBytes(3).toString('hex');

test('the owner closes a month and reopens it with a reason', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await page.goto('/pnl-by-month?range=last-90-days');
  await waitForHydration(page);
  const table = page.getByRole('table', { name: /Profit and loss by month/ });
  await expect(table).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 120_000 });

  const books = page.getByRole('region', { name: 'Closed months' });
  await expect(books.getByText('No month is closed yet.', { exact: false })).toBeVisible();
  const close = books.getByRole('button', { name: /^Close [A-Z][a-z]{2} \d{4}$/ });
  await expect(close).toBeVisible({ timeout: 60_000 });
  const month = (await close.innerText()).replace(/^Close /, '');
  await close.click();
  const dialog = page.getByRole('dialog', { name: `Close ${month}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('booked as an itemised adjustment to closed periods');
  await lookAt(page, 'close-month-dialog', 'The close dialog');
  await dialog.getByRole('button', { name: `Close ${month}` }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });

  const header = table.getByRole('columnheader', { name: new RegExp(`^${month}`) });
  await expect(header).toContainText('Closed', { timeout: 60_000 });
  await expect(header.locator('[title]')).toHaveAttribute('title', /^Closed .* by owner@demo\.example/);
  await expect(books).toContainText(`Closed up to ${month}`);
  await books.getByText(/^History/).click();
  await expect(books.getByRole('listitem').first()).toContainText(`${month} closed by owner@demo.example`);
  await lookAt(page, 'pnl-by-month-closed', 'P&L by month with a closed month');

  await books.getByRole('button', { name: `Reopen ${month}` }).click();
  const reopen = page.getByRole('dialog', { name: `Reopen ${month}?` });
  const confirm = reopen.getByRole('button', { name: `Reopen ${month}` });
  await reopen.getByLabel('Reason').fill('typo');
  await expect(confirm).toBeDisabled();
  await reopen.getByLabel('Reason').fill('Supplier invoice came late');
  await confirm.click();
  await expect(reopen).toBeHidden({ timeout: 60_000 });
  await expect(header).toContainText('Open', { timeout: 60_000 });
  await expect(books.getByRole('listitem').first()).toContainText(`${month} reopened by owner@demo.example`);
  await expect(books.getByRole('listitem').first()).toContainText('Supplier invoice came late');
});

test('a viewer without costs and profit sees neither the page nor the books', async ({ browser }) => {
  test.setTimeout(180_000);
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner);
  await owner.goto('/team');
  await waitForHydration(owner);
  const viewer = await join(browser, await invite(owner, `books-${run}@team.example`, 'viewer', false), `Books ${run}`);
  expect((await viewer.goto('/pnl-by-month?range=last-30-days'))?.status()).toBe(403);
  const shops = (await (await viewer.request.get('/api/dashboard/shops')).json()) as {
    data: { items: { id: string }[] };
  };
  const shopId = shops.data.items[0]!.id;
  for (const path of ['books', 'books/adjustments'])
    expect((await viewer.request.get(`/api/dashboard/shops/${shopId}/${path}`)).status()).toBe(403);
  const post = await viewer.request.post(`/api/dashboard/shops/${shopId}/books/months/2026-01/close`, {
    data: {},
    headers: { origin: new URL(viewer.url()).origin },
  });
  expect(post.status()).toBe(403);
});
