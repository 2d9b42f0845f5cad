import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { expect, test } from '@playwright/test';
import { lookAt, signIn, waitForHydration } from './support/dashboard';

// A seller opens Pricing: the page learns from the last 90 days, lists each SKU's break-even and
// target prices (furthest below target first), says how a SKU's figures were learned, then replays
// the orders with a price change kept in the URL (a copied link reopens it) and exports it.

test('Pricing: answers per SKU, how they were learned, a what-if kept in the URL, its export', async ({ page }) => {
  test.setTimeout(480_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await page.goto('/pricing');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible();
  // The lookback opens on 90 days, and the header's picker says so.
  await expect(page).toHaveURL(/range=last-90-days/);
  await expect(page.getByLabel('Date range')).toHaveValue('last-90-days');

  const table = page.getByRole('table', { name: 'Break-even and target prices per SKU' });
  await expect(table).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 120_000 });
  const rows = table.locator('tbody > tr:not(.row-panel)');
  expect(await rows.count()).toBeGreaterThan(0);
  // Every learned figure is said in words.
  await expect(page.locator('.kpi').filter({ hasText: 'How well the fees fit' })).toContainText(
    /Fees vary ±\d+(\.\d)?% per order line around the learned rates/,
  );

  // Sorted by how far each SKU is from its target: the first is the furthest below.
  const gaps = await rows.locator('td[data-label="List price vs. price for target"]').allInnerTexts();
  const numbers = gaps
    .filter((g) => /below|above/.test(g))
    .map((g) => Number(g.replace(/[^0-9.]/g, '')) * (g.includes('below') ? -1 : 1));
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  // The deepest promo says what it takes off a unit.
  await expect(
    rows.locator('td[data-label="Deepest promo (break-even / target)"]').filter({ hasText: 'off' }).first(),
  ).toContainText(/\d+(\.\d)?% \(\$[\d.,]+ off\)/);

  // A SKU's break-even price, put into the what-if for that SKU (found by typing its seller SKU),
  // nets 0 within a cent per unit.
  const first = rows.first();
  const breakEven = (await first.locator('td[data-label="Break-even price"]').innerText()).replace(/[^0-9.]/g, '');
  const sellerSku = (await first.locator('.sku-product-sub').first().innerText()).split(' · ')[0]!;
  await page.getByLabel('Find a SKU').fill(sellerSku);
  await expect(page.getByLabel('Apply to')).toHaveValue(/^sku:/);
  await page.getByLabel('Price', { exact: true }).fill(breakEven);
  await page.getByRole('button', { name: 'Add change' }).click();
  const replayed = page.getByRole('table', { name: 'What-if per SKU' }).getByRole('row').nth(1);
  await expect(replayed.locator('td[data-label="Net profit before → after"]')).toContainText(/→ [−-]?\$[\d,]+\.\d\d/, {
    timeout: 60_000,
  });
  const after = (await replayed.locator('td[data-label="Net profit before → after"]').innerText()).split('→')[1]!;
  const lines = Number((await first.locator('.sku-product-sub').nth(1).innerText()).replace(/[^0-9]/g, '') || '1');
  expect(Math.abs(Number(after.replace(/[^0-9.]/g, '')) * 100)).toBeLessThanOrEqual(Math.max(1, lines * 3));
  await page.getByRole('button', { name: 'Clear the scenario' }).click();
  await expect(page).not.toHaveURL(/changes=/);

  await rows.first().getByRole('button', { name: 'How it was learned' }).click();
  await expect(page.getByText('Cost of goods per unit')).toBeVisible();
  await expect(page.getByText(/Fee: /).first()).toBeVisible();

  // Every SKU's price up 5 %: net profit goes up, the scenario is in the URL.
  await page.getByLabel('Price', { exact: true }).fill('+5%');
  await page.getByRole('button', { name: 'Add change' }).click();
  await expect(page).toHaveURL(/changes=/);
  await expect(page.getByRole('list', { name: 'Changes in this scenario' })).toContainText('Every SKU: price +5');
  const perSku = page.getByRole('table', { name: 'What-if per SKU' });
  await expect(perSku).toBeVisible({ timeout: 60_000 });
  const whole = page
    .getByRole('table', { name: 'What-if by month' })
    .getByRole('row', { name: /Whole range/ })
    .locator('td[data-label="Change in net profit"]');
  await expect(whole).toHaveText(/^\+/);

  // A copied link reopens the same scenario.
  const url = page.url();
  await page.goto(url);
  await waitForHydration(page);
  await expect(page.getByRole('table', { name: 'What-if per SKU' })).toBeVisible({ timeout: 60_000 });
  await lookAt(page, 'pricing', 'Pricing page');

  // A link naming a SKU the shop lacks, or a price it cannot read, says so above the what-if.
  for (const bad of ['NOPE-1:price%2B5%25', '*:price%3D-5']) {
    await page.goto(`/pricing?range=last-90-days&changes=${bad}`);
    await waitForHydration(page);
    const notice = page.getByRole('alert').filter({ hasText: 'This link’s what-if could not be applied' });
    await expect(notice).toContainText(bad.startsWith('NOPE') ? '"NOPE-1" is not a SKU of this shop' : '"price=-5"', {
      timeout: 60_000,
    });
    await expect(page.getByText('No change yet')).toHaveCount(0);
  }
  await page.goto(url);
  await waitForHydration(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export what-if', exact: true }).click(),
  ]);
  const text = readFileSync((await download.path())!, 'utf8');
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  });
  expect(parsed.meta.fields).toEqual(
    expect.arrayContaining(['Row', 'Break-even price', 'Net profit before', 'Net profit after']),
  );
  const total = parsed.data.find((r) => r.Row === 'Whole range')!;
  expect(Number(total['Net profit after'])).toBeGreaterThan(Number(total['Net profit before']));
});

// The seller saves the what-if under a name: it stays after a reload, opens from the list (the URL
// gets its changes back) and is deleted after a confirmation. Saving changes no figure.
test('Pricing: a scenario saved under a name, reopened from the list, deleted', async ({ page }) => {
  test.setTimeout(480_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await page.goto('/pricing?range=last-90-days&changes=*%3Apromo%3D10%25');
  await waitForHydration(page);
  await expect(page.getByRole('table', { name: 'What-if per SKU' })).toBeVisible({ timeout: 120_000 });
  const saved = page.getByRole('list', { name: 'Saved scenarios' });
  const name = `Ten percent promo ${Date.now()}`;
  await page.getByLabel('Scenario name').fill(name);
  await page.getByRole('button', { name: 'Save this scenario' }).click();
  const item = saved.getByRole('listitem').filter({ hasText: name });
  await expect(item).toContainText('Every SKU: promo 10');
  await expect(item).toContainText(/Saved by \S+@\S+, /);

  // The same name again is refused in words.
  await page.getByLabel('Scenario name').fill(name);
  await page.getByRole('button', { name: 'Save this scenario' }).click();
  await expect(page.locator('.pricing-saved-form').getByRole('alert')).toContainText(
    `A scenario named “${name}” already exists.`,
  );

  // A reload of the page without the scenario: the list still has it, and Open brings it back.
  await page.goto('/pricing?range=last-90-days');
  await waitForHydration(page);
  await expect(page.getByRole('table', { name: 'Break-even and target prices per SKU' })).toBeVisible({
    timeout: 120_000,
  });
  await expect(page.getByRole('list', { name: 'Changes in this scenario' })).toHaveCount(0);
  await saved.getByRole('button', { name: `Open ${name}` }).click();
  await expect(page).toHaveURL(/changes=/);
  await expect(page.getByRole('list', { name: 'Changes in this scenario' })).toContainText('Every SKU: promo 10');
  await expect(page.getByRole('table', { name: 'What-if per SKU' })).toBeVisible({ timeout: 60_000 });
  await lookAt(page, 'pricing-saved', 'Pricing page with saved scenarios');

  page.once('dialog', (dialog) => void dialog.accept());
  await saved.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);

  // The page opens on 90 days, but a range the seller picks is theirs, the last 30 days (the
  // dashboard's default, which leaves the address without a range) included.
  const summary = page.locator('.page-summary').first();
  const quarter = (await summary.innerText()).trim();
  expect(quarter).toMatch(/^Learned from /);
  await page.getByLabel('Date range').selectOption('last-30-days');
  await expect(page).not.toHaveURL(/range=last-90-days/);
  await expect(summary).toHaveText(/^Learned from /, { timeout: 60_000 });
  await expect(summary).not.toHaveText(quarter, { timeout: 60_000 });
  // It stays there (the page once put the 90 days back as soon as the address lost its range).
  await page.waitForTimeout(1_000);
  await expect(page.getByLabel('Date range')).toHaveValue('last-30-days');
  await expect(page).not.toHaveURL(/range=last-90-days/);

  // From another page on the default range, the nav's Pricing opens on its 90 days.
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await nav.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  // Linked straight to it, not one redirect away.
  await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute(
    'href',
    /^\/pricing\?(.*&)?range=last-90-days/,
  );
  await nav.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing\?(.*&)?range=last-90-days/);
  await expect(page.getByLabel('Date range')).toHaveValue('last-90-days');
  await expect(page.getByRole('table', { name: 'Break-even and target prices per SKU' })).toBeVisible({
    timeout: 60_000,
  });
});
