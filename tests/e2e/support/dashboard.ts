import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// Helpers of the seller journey: sign in as a person does, check accessibility, keep screenshots.

/** Every page of the dashboard's menu, in its order. */
export const DASHBOARD_PAGES = [
  '/',
  '/orders',
  '/sku-profit',
  '/sku-costs',
  '/pnl-by-month',
  '/settlement',
  '/pricing',
  '/refunds',
  '/all-shops',
  '/your-costs',
  '/alerts',
  '/team',
  '/connections',
  '/account',
];

export const SCREENSHOT_DIR = join(process.cwd(), 'tests', 'artifacts', 'screenshots');

export async function signIn(page: Page, password = process.env.E2E_PASSWORD ?? 'demo'): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Waits until React has hydrated the page (DashboardProviders marks <html>): typing before that is lost. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/** No axe violation of any impact; the message lists what failed and where. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const report = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  expect(report, `axe on ${what}`).toEqual([]);
}

export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * A page as a person sees it, where it is (its data on screen): accessible in light and dark at
 * 1440 px and in light at 390 px, fitting 390 px without sideways scroll, a screenshot of each
 * (`<name>-1440-light`, `-1440-dark`, `-390-dark`, `-390-light`). Leaves it light at 1440 px.
 */
export async function lookAt(page: Page, name: string, what: string): Promise<void> {
  await expectAccessible(page, what);
  await saveScreenshot(page, `${name}-1440-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, `${what} (dark)`);
  await saveScreenshot(page, `${name}-1440-dark`);
  await page.setViewportSize({ width: 390, height: 900 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} fits 390 px`).toBeLessThanOrEqual(0);
  await saveScreenshot(page, `${name}-390-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
  await expectAccessible(page, `${what} at 390 px`);
  await saveScreenshot(page, `${name}-390-light`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Money text as the tables show it ("-$1,234.56", "£12.00") → integer cents. */
export function cents(text: string): number {
  const negative = /^\s*[-−]/.test(text);
  const digits = text.replace(/[^0-9.]/g, '');
  const value = Math.round(Number(digits) * 100);
  return negative ? -value : value;
}

/** The text of one column of the orders table's body rows (by header name). */
/**
 * The instants (ISO, from each cell's <time datetime>) of a column: the wall-clock text alone does
 * not sort when clocks go back and an hour repeats.
 */
export async function columnInstants(page: Page, header: string): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Orders' });
  // While the next view loads the table keeps the last rows, marked busy: read the rows it settles on.
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  const headers = await table.locator('thead th').allInnerTexts();
  const index = headers.findIndex((h) => h.trim().startsWith(header));
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return table
    .locator(`tbody > tr:not(.expanded-row) > td:nth-child(${index + 1}) time`)
    .evaluateAll((cells) => cells.map((c) => c.getAttribute('datetime') ?? ''));
}

export async function columnTexts(page: Page, header: string): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Orders' });
  // While the next view loads the table keeps the last rows, marked busy: read the rows it settles on.
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  const headers = await table.locator('thead th').allInnerTexts();
  const index = headers.findIndex((h) => h.trim().startsWith(header));
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return table.locator(`tbody > tr:not(.expanded-row) > td:nth-child(${index + 1})`).allInnerTexts();
}
