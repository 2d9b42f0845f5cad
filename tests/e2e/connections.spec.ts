import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, saveScreenshot, signIn, waitForHydration } from './support/dashboard';

// A second upstream key in the built app (demo mode: the embedded service's second account): the
// owner tests a wrong secret and reads why, adds the working key, finds its shop in the shop picker
// under the connection's name and reads its orders, then removes it and the shop is gone.

test.describe.configure({ mode: 'serial' });

const form = (page: Page) => page.getByRole('region', { name: 'Add a connection' });

async function fill(page: Page, secret: string) {
  await form(page).getByLabel('Name').fill('Another Seller');
  await form(page).getByLabel('Base URL').fill('http://embedded.invalid');
  await form(page).getByLabel('App key').fill('other-app-key');
  await form(page).getByLabel('App secret').fill(secret);
}

test('the owner connects a second key, its shop answers through it, and removing it takes the shop away', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/connections');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Connections', level: 1 })).toBeVisible();
  const rows = page.getByRole('region', { name: 'Connected keys' }).getByRole('row');
  await expect(rows).toHaveCount(2); // header + the demo service
  await expect(rows.nth(1)).toContainText('Demo service');

  await fill(page, 'not-the-secret');
  await form(page).getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /app key or the app secret/i })).toBeVisible();
  await form(page).getByRole('button', { name: 'Add connection' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /^Not saved: / })).toBeVisible();
  await expect(rows).toHaveCount(2);

  await fill(page, 'other-app-secret');
  await form(page).getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Connected: this key reads 1 shop/ })).toBeVisible();
  await form(page).getByRole('button', { name: 'Add connection' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Added “Another Seller”/ })).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2)).toContainText('Another Seller');
  await expect(rows.nth(2)).toContainText('1');
  // The secret was typed once: the form is cleared and the list shows a hint of the key only.
  await expect(form(page).getByLabel('App secret')).toHaveValue('');
  await expect(page.getByRole('region', { name: 'Connected keys' })).not.toContainText('other-app-secret');
  await expectAccessible(page, 'the Connections page');
  await saveScreenshot(page, 'connections-1440-light');
  await page.setViewportSize({ width: 390, height: 900 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await saveScreenshot(page, 'connections-390-dark');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });

  // A new secret replaces the stored one only once it works.
  await rows.nth(2).getByRole('button', { name: 'New secret…' }).click();
  await rows.nth(2).getByLabel('New app secret').fill('not-the-secret');
  await rows.nth(2).getByRole('button', { name: 'Replace' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /^Not saved: / })).toBeVisible();
  await rows.nth(2).getByLabel('New app secret').fill('other-app-secret');
  await rows.nth(2).getByRole('button', { name: 'Replace' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /The secret of “Another Seller” was replaced/ }),
  ).toBeVisible();

  // Its shop in the picker, under the connection's name; its orders come through its own key.
  await page.goto('/orders');
  await waitForHydration(page);
  const picker = page.getByRole('combobox', { name: 'Shop' });
  await picker.click();
  await picker.fill('Another Seller');
  const option = page.getByRole('option', { name: /Other Seller Goods/ });
  await expect(option).toContainText('Another Seller');
  await option.click();
  await expect(page).toHaveURL(/shop=[0-9a-f]{8}~/);
  await expect(page.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });

  await page.goto('/connections');
  await waitForHydration(page);
  await rows.nth(2).getByRole('button', { name: 'Remove…' }).click();
  await rows.nth(2).getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Removed “Another Seller”/ })).toBeVisible();
  await expect(rows).toHaveCount(2);
  const shops = await page.evaluate(
    async () =>
      ((await (await fetch('/api/dashboard/shops')).json()) as { data: { items: { shopName: string }[] } }).data,
  );
  expect(shops.items.map((s) => s.shopName)).not.toContain('Other Seller Goods');
});
