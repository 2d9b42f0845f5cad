import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { lookAt, signIn, waitForHydration } from './support/dashboard';

// How far to trust "estimated", in the built app: the dashboard first stores the last 30 days with
// their open orders' estimates; then the service's settlement clock jumps 15 days ahead (its own
// server, playwright.config.ts: no other spec sees orders settle), the seller asks to check
// settlements, and the Settlement page says how many days had orders that settled together with the
// figures of their re-read (never over the old ones), the drift observed on those orders, per SKU
// with how the expected drift was learned, and the orders that moved most with each line's changes.

test.describe.configure({ mode: 'serial' });
// Its own server (playwright.config.ts): E2E_PORT + 10.
test.use({ baseURL: `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3999) + 10}` });

const CLOCK_FILE = join(process.cwd(), '.e2e-data-settlement', 'settle-clock');
const AHEAD_MS = 15 * 86_400_000;

const observedCount = async (page: Page) => {
  const kpi = page.locator('.kpi').filter({ hasText: 'Orders observed' }).locator('dd');
  if ((await kpi.count()) === 0) return 0;
  return Number((await kpi.innerText()).replaceAll(',', ''));
};

test('orders settle after the dashboard saw them: drift per SKU with its method, and the orders that moved most', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  const shops = await page.evaluate(
    async () => (await (await fetch('/api/dashboard/shops')).json()).data.items as { id: string }[],
  );
  const shop = encodeURIComponent(shops[0]!.id);

  // The store keeps each open order's estimate as the sync first sees it.
  await page.goto(`/?shop=${shop}&range=last-30-days`);
  await expect(page.getByText('Bottom line', { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 90_000 });
  // The refresh policy checks a freshly synced shop's settlements within a tick or two (5 s each),
  // then not for two hours: after it, the seller's check below is the one that finds orders settled.
  await page.waitForTimeout(12_000);

  // The service settles by its clock plus this file's offset (read at most every second, applied
  // at most every 5 s): written now, after the server's start wiped its data directory.
  let ahead = AHEAD_MS;
  writeFileSync(CLOCK_FILE, String(ahead));
  await page.waitForTimeout(6_000);

  const settlementPage = `/settlement?shop=${shop}&range=last-30-days`;
  const reportShown = async () => {
    await waitForHydration(page);
    await page.getByRole('heading', { level: 2, name: 'How estimates moved' }).waitFor();
    await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
  };
  await page.goto(settlementPage);
  await reportShown();
  await expect(page.getByRole('heading', { level: 1, name: 'Settlement' })).toBeVisible();
  const before = await observedCount(page);
  const outcome = page
    .getByRole('status')
    .filter({ hasText: /had orders that settled|No order settled|syncing right now/ });
  // The sentence appears with the figures of the re-read, never over the old ones: read at the
  // moment it shows, the observed count is already the one a reload shows afterwards.
  let shown: number | null = null;
  for (let attempt = 1; shown === null; attempt++) {
    expect(attempt, 'a check that finds orders that settled').toBeLessThanOrEqual(4);
    await page.getByRole('button', { name: 'Check settlements now' }).click();
    await expect(outcome).toBeVisible({ timeout: 90_000 });
    const text = await outcome.innerText();
    if (/had orders that settled; the figures below include them\.$/.test(text)) shown = await observedCount(page);
    else {
      // Busy: a refresh of the shop ran at that moment. None settled: a refresh read them first, so
      // the clock moves a day on and more orders settle.
      if (/No order settled/.test(text)) writeFileSync(CLOCK_FILE, String((ahead += 86_400_000)));
      await page.waitForTimeout(6_000);
      await page.reload();
      await reportShown();
    }
  }
  await page.reload();
  await reportShown();
  const final = await observedCount(page);
  expect(final).toBeGreaterThan(before);
  expect(shown).toBe(final);
  await expect(page.getByText(/of net sales/).first()).toBeVisible();

  // Per SKU: observed drift, and the expected drift with how it was learned.
  const skus = page.getByRole('table', { name: 'Change at settlement per SKU' });
  await expect(skus.locator('tbody tr').first()).toBeVisible();
  const methods = await skus.locator('tbody td[data-label="How it was learned"]').allInnerTexts();
  expect(methods.length).toBeGreaterThan(0);
  for (const m of methods)
    expect(m).toMatch(/^(observed on [\d,]+ orders?|from settled vs unsettled cost ratios .+|the shop’s figure)$/);

  // The order that moved most: its explanation lists each line's SKU and its cost-type changes.
  const moved = page.getByRole('table', { name: 'Orders that moved most' });
  const open = moved.getByRole('button', { name: /^Show how order .+ moved$/ }).first();
  const orderId = (await open.getAttribute('aria-label'))!.match(/^Show how order (.+) moved$/)![1]!;
  const firstRow = moved.locator('tbody > tr:not(.expanded-row)').first();
  const link = firstRow.getByRole('link', { name: /^Orders of / });
  expect(new URL((await link.getAttribute('href'))!, page.url()).searchParams.get('range')).toBe('custom');
  await open.click();
  const explanation = page.locator(`[id="order-${orderId}"]`);
  await expect(explanation).toBeVisible();
  const lines = explanation.getByRole('table', { name: `How each line of order ${orderId} moved` });
  await expect(lines.locator('tbody tr').first()).toBeVisible();
  const headers = await lines.locator('thead th').allInnerTexts();
  expect(headers).toContain('Net profit');
  expect(headers.some((h) => ['Platform fees', 'Shipping', 'Affiliate commission'].includes(h.trim()))).toBe(true);
  expect(await lines.locator('tbody td').allInnerTexts()).toEqual(
    expect.arrayContaining([expect.stringMatching(/^[+-]/)]),
  );

  // The forecast and the backtest say what they are.
  await expect(page.getByRole('heading', { name: 'Open orders: expected settled profit (forecast)' })).toBeVisible();
  await expect(page.getByText(/^On [\d,]+ orders? that settled, the forecast was off by/)).toBeVisible();

  await lookAt(page, 'settlement', 'the Settlement page');
});
