import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { cents, expectAccessible, saveScreenshot, SCREENSHOT_DIR, signIn, waitForHydration } from './support/dashboard';

// A seller with shops in the US, the UK and Germany opens "All shops": every shop in dollars out
// of the box (demo rates), the rate beside each converted figure; changing a rate changes the
// converted figures, and undo puts them back.

const GB = 'Lumen & Co. UK';
const DE = 'Lumen & Co. Küche (DE)';
const US = 'Lumen & Co. Home (US)';

function shopRow(page: Page, name: string): Locator {
  return page
    .getByRole('table', { name: 'Shops' })
    .locator('tbody tr')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(name.replace(/[()&.]/g, '\\$&')) }) });
}

/** The converted figure (first amount) and the shop's own (under it) of one cell. */
async function figure(row: Locator, label: string): Promise<{ converted: number; own: number }> {
  const cell = row.locator(`[data-label="${label}"]`);
  const own = await cell.locator('.own-figure').innerText();
  const all = await cell.innerText();
  return { converted: cents(all.replace(own, '').trim()), own: cents(own) };
}

async function openComplete(page: Page, path = '/all-shops'): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'All shops', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Shops' })).toBeVisible({ timeout: 90_000 });
  // The first visit syncs each shop's range: wait for whole figures before comparing them.
  await expect(page.getByText(/Partial figures/)).toHaveCount(0, { timeout: 120_000 });
}

test('every demo shop in dollars with its rate; a rate change moves the converted figures; undo restores them', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  await openComplete(page);
  // No shop picker on this page: it shows every shop.
  await expect(page.getByRole('combobox', { name: /^Shop/ })).toHaveCount(0);
  for (const name of [US, GB, DE]) await expect(shopRow(page, name)).toHaveCount(1);
  await expect(shopRow(page, US).locator('[data-label="Rate to USD"]')).toHaveText('same currency');
  await expect(shopRow(page, GB).locator('[data-label="Rate to USD"]')).toContainText('1 GBP = 1.27 USD');
  await expect(shopRow(page, GB).locator('[data-label="Rate to USD"]')).toContainText(/from .*2025.*demo rate/);
  await expect(shopRow(page, DE).locator('[data-label="Rate to USD"]')).toContainText('1 EUR = 1.08 USD');
  await expect(page.getByText('Left out of the totals:')).toHaveCount(0);

  const before = await figure(shopRow(page, GB), 'Net sales');
  expect(before.own).toBeGreaterThan(0);
  // Each day is converted at its rate, rounded to the cent: within half a cent a day of converting the total (cents).
  const days = 31;
  expect(Math.abs(before.converted - before.own * 1.27)).toBeLessThanOrEqual(days / 2 + 1);
  await saveScreenshot(page, 'all-shops-demo');
  await expectAccessible(page, 'All shops');

  // Edit the GBP rate: the UK row's converted figures follow, the label says the new rate.
  const rates = page.getByRole('region', { name: 'Exchange rates' });
  await rates.getByRole('button', { name: 'Edit GBP→USD from 2025-01-01' }).click();
  const edit = rates.getByRole('form', { name: 'Save GBP→USD rate' });
  await edit.getByLabel('Rate').fill('2.5');
  await edit.getByRole('button', { name: 'Save GBP→USD rate' }).click();
  await expect(shopRow(page, GB).locator('[data-label="Rate to USD"]')).toContainText('1 GBP = 2.5 USD');
  await expect(shopRow(page, GB).locator('[data-label="Rate to USD"]')).not.toContainText('demo rate');
  const after = await figure(shopRow(page, GB), 'Net sales');
  expect(after.own).toBe(before.own);
  expect(Math.abs(after.converted - before.own * 2.5)).toBeLessThanOrEqual(days / 2 + 1);

  // Undo the change: back to the demo rate and the first figures.
  await rates.getByRole('button', { name: /^Undo( Owner’s change)?: Changed the rate/ }).click();
  await expect(shopRow(page, GB).locator('[data-label="Rate to USD"]')).toContainText('1 GBP = 1.27 USD');
  expect(await figure(shopRow(page, GB), 'Net sales')).toEqual(before);
});

test('a rate form shows what is wrong by the field and keeps what was typed', async ({ page }) => {
  await signIn(page);
  await page.goto('/all-shops');
  await waitForHydration(page);
  const add = page.getByRole('form', { name: 'Add rate' });
  await add.getByLabel('Currency').fill('EUR');
  await add.getByLabel('Into').fill('EUR');
  await add.getByLabel('From day').fill('2025-02-01');
  await add.getByLabel('Rate').fill('1,5');
  await add.getByRole('button', { name: 'Add rate' }).click();
  await expect(add.getByLabel('Into')).toHaveAccessibleDescription('must differ from the currency');
  await expect(add.getByLabel('Rate')).toHaveAccessibleDescription('must be a number like 0.79');
  await expect(add.getByLabel('Rate')).toHaveValue('1,5');
  // A second rate for a pair and day that already has one: the server's message, nothing lost.
  await add.getByLabel('Into').fill('USD');
  await add.getByLabel('From day').fill('2025-01-01');
  await add.getByLabel('Rate').fill('1.1');
  await add.getByRole('button', { name: 'Add rate' }).click();
  await expect(add.getByRole('alert')).toContainText('There is already a EUR → USD rate from 2025-01-01');
  await expect(add.getByLabel('Rate')).toHaveValue('1.1');
});

test('a target currency without rates leaves those shops out and says so', async ({ page }) => {
  await signIn(page);
  await page.goto('/all-shops?currency=GBP');
  await expect(page.getByText('Left out of the totals:')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText(/Left out of the totals:.*Lumen & Co\. Home \(US\) \(USD\)/)).toBeVisible();
  await expect(shopRow(page, GB).locator('[data-label="Rate to GBP"]')).toHaveText('same currency');
  await expect(shopRow(page, DE).locator('[data-label="Rate to GBP"]')).toContainText('No EUR→GBP rate');
});

for (const { size, viewport, scheme, mobile } of [
  { size: '1440', viewport: { width: 1440, height: 900 }, scheme: 'light', mobile: false },
  { size: '390', viewport: { width: 390, height: 844 }, scheme: 'dark', mobile: true },
] as const) {
  test(`top of the page at ${size} px, ${scheme}`, async ({ browser }) => {
    const context = await browser.newContext({
      viewport,
      colorScheme: scheme,
      isMobile: mobile,
      hasTouch: mobile,
      baseURL: test.info().project.use.baseURL,
    });
    const page = await context.newPage();
    await signIn(page);
    await openComplete(page);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOT_DIR, `all-shops-top-${size}-${scheme}.png`) });
    await context.close();
  });
}
