import { expect, test } from '@playwright/test';
import { signIn } from './support/dashboard';

// The seller's costs reach the report pages: a monthly expense entered on Your costs shows on the
// overview as its own line of the bridge, with what comes from the service and what is the
// seller's; the "Count your costs" switch shows the service's figures alone (and the URL keeps it).
// A past month with demo orders (August 2026); other specs may have entered costs that fall in it
// too, so the test compares before and after.

test('an expense changes the overview by exactly its amount; the switch shows the service figures', async ({
  page,
}) => {
  await signIn(page);
  const shops = await page.evaluate(
    async () => (await (await fetch('/api/dashboard/shops')).json()).data.items as { id: string }[],
  );
  const shopId = shops[0]!.id;
  const range = 'range=custom&from=2026-08-01&to=2026-08-31';
  await page.goto(`/?shop=${shopId}&${range}`);
  const bottomLine = page
    .locator('.kpi', { has: page.locator('dt', { hasText: /^Bottom line$/ }) })
    .locator('dd')
    .first();
  await expect(bottomLine).toHaveText(/\$/, { timeout: 90_000 });
  // Compare whole figures only: wait until every day of the month is stored.
  await expect(page.getByText(/31 of 31 days of this range stored/)).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('cost-sources')).toBeVisible({ timeout: 90_000 });
  const amount = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.-]/g, '')) * 100);
  const expenses = page
    .locator('.kpi', { has: page.locator('dt', { hasText: 'Other expenses (yours)' }) })
    .locator('dd')
    .first();
  const expensesBefore = (await expenses.count()) > 0 ? amount(await expenses.textContent()) : 0;
  const before = await bottomLine.textContent();

  const saved = await page.evaluate(async (id) => {
    const r = await fetch(`/api/dashboard/shops/${id}/your-costs/expenses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Warehouse',
        amount: '300.00',
        recurrence: 'monthly',
        startDay: '2026-08-01',
        endDay: '2026-08-31',
      }),
    });
    return r.status;
  }, shopId);
  expect(saved).toBe(201);

  await page.reload();
  await expect(expenses).toBeVisible({ timeout: 60_000 });
  await expect.poll(async () => amount(await expenses.textContent())).toBe(expensesBefore - 300_00);
  await expect(page.getByTestId('cost-sources')).toContainText('your expenses');
  const after = await bottomLine.textContent();
  expect(amount(after) - amount(before)).toBe(-300_00);

  // The service-only view: no expense line, the bottom line as before, and the URL says so.
  await page.getByRole('checkbox', { name: /Count your costs/ }).uncheck();
  await expect(page).toHaveURL(/costs=service/);
  await expect(expenses).toHaveCount(0);
  // The service's bottom line is the seller's plus every input of the range taken out again.
  await expect(page.getByText('Showing the service’s figures only')).toBeVisible();
  expect(amount(await bottomLine.textContent())).toBeGreaterThan(amount(after));
});
