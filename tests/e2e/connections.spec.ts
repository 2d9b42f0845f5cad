import { expect, test, type Locator, type Page } from '@playwright/test';
import { lookAt, signIn, waitForHydration } from './support/dashboard';

// A second upstream key in the built app (demo mode: the embedded service's second account): the
// owner tests a wrong secret and reads why beside the button, adds the working key, finds its shop in the shop picker
// under the connection's name and reads its orders, then removes it and the shop is gone.

test.describe.configure({ mode: 'serial' });

const form = (page: Page) => page.getByRole('region', { name: 'Add a connection' });

/** `result` sits right under `button` (its action), not somewhere else on the page. */
async function expectBeside(result: Locator, button: Locator) {
  const [said, clicked] = [await result.boundingBox(), await button.boundingBox()];
  expect(said && clicked, 'both on screen').toBeTruthy();
  const gap = said!.y - (clicked!.y + clicked!.height);
  expect(gap, 'the result is just under the button').toBeGreaterThanOrEqual(0);
  expect(gap, 'the result is just under the button').toBeLessThan(48);
}

/** Every cell of the list shows all of its text inside the window (nothing cut off at 390 px). */
async function expectNothingClipped(page: Page) {
  const clipped = await page
    .getByRole('region', { name: 'Connected keys' })
    .locator('td, td *')
    .evaluateAll((cells) =>
      cells
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return el.scrollWidth > el.clientWidth + 1 || box.right > window.innerWidth || box.left < 0;
        })
        .map((el) => el.textContent?.slice(0, 40)),
    );
  expect(clipped, 'cells cut off at 390 px').toEqual([]);
}

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
  const testButton = form(page).getByRole('button', { name: 'Test connection' });
  await testButton.click();
  // In words, beside the button; the service's own code only as the sentence's title.
  const refused = form(page)
    .getByRole('alert')
    .filter({ hasText: /app key or the app secret/i });
  await expect(refused).toBeVisible();
  await expect(refused).not.toContainText(/[A-Z]{3,}_[A-Z]{3,}|\b401\b/);
  await expect(refused).toHaveAttribute('title', '401 INVALID_CREDENTIALS');
  await expectBeside(refused, testButton);
  await form(page).getByRole('button', { name: 'Add connection' }).click();
  await expect(
    form(page)
      .getByRole('alert')
      .filter({ hasText: /^Not saved: / }),
  ).toBeVisible();
  await expect(rows).toHaveCount(2);

  await fill(page, 'other-app-secret');
  await form(page).getByRole('button', { name: 'Test connection' }).click();
  await expect(
    form(page)
      .getByRole('status')
      .filter({ hasText: /Connected: this key reads 1 shop/ }),
  ).toBeVisible();
  await form(page).getByRole('button', { name: 'Add connection' }).click();
  await expect(
    form(page)
      .getByRole('status')
      .filter({ hasText: /Added “Another Seller”/ }),
  ).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2)).toContainText('Another Seller');
  await expect(rows.nth(2)).toContainText('1');
  // The secret was typed once: the form is cleared and the list shows a hint of the key only.
  await expect(form(page).getByLabel('App secret')).toHaveValue('');
  await expect(page.getByRole('region', { name: 'Connected keys' })).not.toContainText('other-app-secret');
  // A row's test answers in its row.
  await rows.nth(2).getByRole('button', { name: 'Test', exact: true }).click();
  const rowResult = rows
    .nth(2)
    .getByRole('status')
    .filter({ hasText: /Connected: this key reads 1 shop/ });
  await expect(rowResult).toBeVisible();
  await expectBeside(rowResult, rows.nth(2).getByRole('button', { name: 'Test', exact: true }));
  await lookAt(page, 'connections', 'the Connections page'); // includes no sideways scroll at 390 px
  await page.setViewportSize({ width: 390, height: 900 });
  await expectNothingClipped(page);
  // The rows stack as cards there (the header row is hidden): the row is found by its name.
  const stacked = rows.filter({ hasText: 'Another Seller' });
  await expectBeside(
    stacked.getByRole('status').filter({ hasText: /Connected: this key reads 1 shop/ }),
    stacked.getByRole('button', { name: 'Test', exact: true }),
  );
  await page.setViewportSize({ width: 1440, height: 900 });

  // A new secret replaces the stored one only once it works.
  await rows.nth(2).getByRole('button', { name: 'New secret…' }).click();
  await rows.nth(2).getByLabel('New app secret').fill('not-the-secret');
  await rows.nth(2).getByRole('button', { name: 'Replace' }).click();
  await expect(
    rows
      .nth(2)
      .getByRole('alert')
      .filter({ hasText: /^Not saved: / }),
  ).toBeVisible();
  await rows.nth(2).getByLabel('New app secret').fill('other-app-secret');
  await rows.nth(2).getByRole('button', { name: 'Replace' }).click();
  await expect(
    rows
      .nth(2)
      .getByRole('status')
      .filter({ hasText: /The secret of “Another Seller” was replaced/ }),
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
  await expect(
    page
      .getByRole('region', { name: 'Connected keys' })
      .getByRole('status')
      .filter({ hasText: /Removed “Another Seller”/ }),
  ).toBeVisible();
  await expect(rows).toHaveCount(2);
  const shops = await page.evaluate(
    async () =>
      ((await (await fetch('/api/dashboard/shops')).json()) as { data: { items: { shopName: string }[] } }).data,
  );
  expect(shops.items.map((s) => s.shopName)).not.toContain('Other Seller Goods');
});
