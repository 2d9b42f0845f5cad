import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { cents, columnTexts, SCREENSHOT_DIR, signIn, waitForHydration } from './support/dashboard';

// Fulfilment and packaging, a cost kind of the registry with the generic section: entered on Your
// costs as a 3PL invoice states it, it is its own line of the overview's P&L and counted in the
// bottom line, and a line of each order's own P&L on the Orders page (once per order, on its first
// product with sales). July 2026 (demo orders) is this spec's own month; it removes its entry at the end.

const RANGE = 'range=custom&from=2026-07-01&to=2026-07-31';

test('a fulfilment cost per order is its own P&L line on the overview and in each order’s P&L', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);
  const shopId = await page.evaluate(
    async () => ((await (await fetch('/api/dashboard/shops')).json()).data.items as { id: string }[])[0]!.id,
  );
  await page.goto(`/your-costs?shop=${shopId}&${RANGE}`);
  const section = page.getByRole('region', { name: 'Fulfilment and packaging', exact: true });
  await expect(section).toBeVisible({ timeout: 60_000 });
  await waitForHydration(page);
  // Every script of the page loaded (a section hydrates when its own chunk has arrived): a value
  // typed before its form is interactive would not be the one sent.
  await page.waitForLoadState('networkidle');
  const from = section.getByLabel('From');
  await section.getByLabel('Charged').selectOption('order');
  await section.getByLabel(/^Amount/).fill('1.00');
  await from.fill('2026-07-01');
  await expect(from).toHaveValue('2026-07-01');
  await section.getByRole('button', { name: 'Add fulfilment cost' }).click();
  await expect(
    page.getByText('Added fulfilment and packaging $1.00 per order for every SKU from Jul 1, 2026').first(),
  ).toBeVisible();
  const rows = section.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Per order');
  await expect(rows.first()).toContainText('Every SKU');

  for (const { size, viewport } of [
    { size: '1440', viewport: { width: 1440, height: 900 } },
    { size: '390', viewport: { width: 390, height: 844 } },
  ]) {
    await page.setViewportSize(viewport);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `/your-costs fits ${size} px`).toBeLessThanOrEqual(0);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await section.screenshot({ path: join(SCREENSHOT_DIR, `your-costs-fulfilment-${size}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto(`/?shop=${shopId}&${RANGE}`);
  await expect(page.getByText(/31 of 31 days of this range stored/)).toBeVisible({ timeout: 120_000 });
  const line = page.getByRole('row', { name: /Fulfilment and packaging \(yours\)/ });
  await expect(line).toBeVisible({ timeout: 60_000 });
  // A cost: negative, and a whole number of dollars ($1.00 for each counted order, paid once however many SKUs it has).
  const charged = cents((await line.textContent()) ?? '');
  expect(charged).toBeLessThan(0);
  expect(Math.abs(charged) % 100).toBe(0);
  await expect(page.getByTestId('cost-sources')).toContainText('Fulfilment and packaging (yours)');

  // The Orders page: an order of several products pays the $1.00 once, on its first product.
  await page.goto(`/orders?shop=${shopId}&${RANGE}`);
  const orders = page.getByRole('table', { name: 'Orders' });
  await expect(orders).toBeVisible({ timeout: 60_000 });
  const items = await columnTexts(page, 'Items');
  const multi = items.findIndex((n) => Number(n) > 1);
  expect(multi, 'an order of several products on the first page').toBeGreaterThanOrEqual(0);
  const row = orders.locator('tbody > tr:not(.expanded-row)').nth(multi);
  const orderNumber = (await row.locator('td').nth(1).innerText()).trim();
  const orderNet = cents(await row.locator('td').nth(9).innerText());
  await row.getByRole('button', { name: `Show products of order ${orderNumber}` }).click();
  const panel = page.getByRole('table', { name: `Profit and loss per product of order ${orderNumber}` });
  await expect(panel).toBeVisible();
  const fee = (
    await panel
      .getByRole('row', { name: /^Fulfilment and packaging \(yours\)/ })
      .locator('td')
      .allInnerTexts()
  ).map(cents);
  const products = Number(items[multi]);
  expect(fee.slice(0, products)).toEqual([-100, ...Array<number>(products - 1).fill(0)]);
  expect(fee[products]).toBe(-100);
  // The table's net profit is the panel's, fee included.
  const net = (
    await panel
      .getByRole('row', { name: /^Net profit/ })
      .locator('td')
      .allInnerTexts()
  ).map(cents);
  expect(net[products]).toBe(orderNet);
  // The first product's explanation names the fee as a term.
  await panel
    .getByRole('button', { name: /^Explain net profit of / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: /How net profit is calculated/ });
  await expect(dialog.getByRole('rowheader', { name: 'Fulfilment and packaging (yours)' })).toBeVisible();
  const term = dialog.getByRole('row', { name: /Fulfilment and packaging \(yours\)/ });
  expect(cents(await term.locator('td').last().innerText())).toBe(-100);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  // The panel as a seller sees it, light and dark, at 1440 and 390 px (the page fits 390 px).
  for (const { size, viewport } of [
    { size: '1440', viewport: { width: 1440, height: 900 } },
    { size: '390', viewport: { width: 390, height: 844 } },
  ]) {
    await page.setViewportSize(viewport);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `/orders fits ${size} px`).toBeLessThanOrEqual(0);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await panel.getByRole('row', { name: /^Fulfilment and packaging \(yours\)/ }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SCREENSHOT_DIR, `orders-fulfilment-${size}-${scheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });

  const removed = await page.evaluate(async (id) => {
    const path = `/api/dashboard/shops/${id}/your-costs`;
    const list = (await (await fetch(path)).json()).data.inputs.fulfilment as { id: string }[];
    const statuses = [];
    for (const f of list) statuses.push((await fetch(`${path}/fulfilment/${f.id}`, { method: 'DELETE' })).status);
    return statuses;
  }, shopId);
  expect(removed).toEqual([200]);
});
