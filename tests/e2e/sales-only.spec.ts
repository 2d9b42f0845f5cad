import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { REFUND_DETAIL_PARTS } from '@/lib/contract';
import { REFUND_LABELS } from '@/lib/format/refund-labels';
import { isProfitFigure } from '@/lib/team/figures';
import { PAGES } from '@/lib/team/pages';
import { allows } from '@/lib/team/roles';
import { saveScreenshot, signIn, waitForHydration } from './support/dashboard';
import { invite, join } from './support/team';

// A person without "can see costs and profit" walks every page they may open, over a range with
// refunds: no page shows "NaN" (a figure the server left out, formatted anyway), none speaks of
// profit, fees or a page they cannot open, and the Refunds page names no fee category: its total
// is the refunded sales and discounts, with only those columns.

const run = randomBytes(3).toString('hex');
const RANGE = 'range=last-90-days';

/** The fee categories of refunds, in the words the Refunds page uses for them. */
const FEE_CATEGORIES = REFUND_DETAIL_PARTS.filter((k) => isProfitFigure(k)).map((k) => REFUND_LABELS[k]);

/** The pages a viewer without the switch may open (the navigation's), and their account page. */
const PATHS = [
  ...PAGES.filter((p) => allows({ role: 'viewer', seesProfit: false }, p.permission)).map((p) => p.href),
  '/account',
];

/** The page's text once its data is in (no loading state left). */
async function settledText(page: Page): Promise<string> {
  await waitForHydration(page);
  await expect(page.getByText(/^Loading|Syncing this range/)).toHaveCount(0, { timeout: 90_000 });
  return page.locator('main').innerText();
}

test('a person without costs and profit sees no NaN, no fee and no profit note on any page', async ({ browser }) => {
  test.setTimeout(300_000);
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner);
  await owner.goto('/team');
  await waitForHydration(owner);
  const viewer = await join(browser, await invite(owner, `sales-${run}@team.example`, 'viewer', false), `Sal ${run}`);

  expect(PATHS).toEqual(expect.arrayContaining(['/', '/orders', '/refunds', '/all-shops']));
  for (const path of PATHS) {
    await viewer.goto(`${path}?${RANGE}`);
    const text = await settledText(viewer);
    expect(text, `${path} shows NaN`).not.toMatch(/NaN/);
    expect(text, `${path} speaks of profit or fees`).not.toMatch(/net profit|fees are estimated|SKU profit/i);
    await saveScreenshot(viewer, `sales-only${path === '/' ? '-overview' : path.replaceAll('/', '-')}`);
  }

  // Refunds: the sales parts and their sum, named so; no fee category anywhere on the page.
  await viewer.goto(`/refunds?${RANGE}`);
  const table = viewer.getByRole('table', { name: 'Refund cost per day and category' });
  await expect(table).toBeVisible({ timeout: 90_000 });
  await expect(viewer.getByText('Refunded sales and discounts')).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Gross sales refund' })).toBeVisible();
  const refunds = await viewer.locator('main').innerText();
  for (const fee of FEE_CATEGORIES) expect(refunds, `the Refunds page names "${fee}"`).not.toContain(fee);
  // The owner sees the fee categories on the same page: the walk above would notice them.
  await owner.goto(`/refunds?${RANGE}`);
  await expect(owner.getByRole('table', { name: 'Refund cost per day and category' })).toBeVisible({
    timeout: 90_000,
  });
  expect(await owner.locator('main').innerText()).toContain(FEE_CATEGORIES[0]);
});
