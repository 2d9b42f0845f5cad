import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { lookAt, signIn, waitForHydration } from './support/dashboard';

// The person's locale (docs/ARCHITECTURE.md#the-persons-locale): chosen on Account, every amount on
// Overview, Orders, SKU profit and P&L by month is written in it from the first HTML, and read
// back with that locale's separators it is a figure of the API's answer for the same view, to the
// cent. The de-DE export button offers the CSV for German Excel. The owner's choice is put back to
// "As my browser" at the end: later specs read en-US, which is what Playwright's Chromium asks for.

interface LocaleCase {
  locale: 'de-DE' | 'en-GB';
  region: string;
  /** An amount as the locale writes it in the shop's currency, sign included. */
  amount: RegExp;
  group: string;
  decimal: string;
}

const CASES: LocaleCase[] = [
  // "1.234,56 €", "-12,00 €": a point groups, a comma is the decimal, the sign before the digits.
  { locale: 'de-DE', region: 'DE', amount: /[-−+]?\d{1,3}(?:\.\d{3})*,\d{2}\s€/g, group: '.', decimal: ',' },
  // "£1,234.56", "-£12.00".
  { locale: 'en-GB', region: 'GB', amount: /[-−+]?£\d{1,3}(?:,\d{3})*\.\d{2}/g, group: ',', decimal: '.' },
];

const PAGES = [
  { path: '/', name: 'Overview', api: ['reports/overview', 'reports/periods'] },
  { path: '/orders', name: 'Orders', api: ['orders'] },
  { path: '/sku-profit', name: 'SKU profit', api: ['reports/sku-profit'] },
  { path: '/pnl-by-month', name: 'P&L by month', api: ['reports/pnl-by-month'] },
];

/** An amount in the locale's format → cents, with its separators only (never the en-US rules). */
function centsIn(text: string, c: LocaleCase): number {
  const negative = /^[-−]/.test(text);
  const digits = text
    .replaceAll(c.group, '')
    .replace(c.decimal, '.')
    .replace(/[^\d.]/g, '');
  const cents = Math.round(Number(digits) * 100);
  return negative ? -cents : cents;
}

/** Every integer anywhere in an API answer: the cents its figures hold. */
function integersOf(value: unknown, into: Set<number>): Set<number> {
  if (typeof value === 'number' && Number.isInteger(value)) into.add(value);
  else if (Array.isArray(value)) for (const v of value) integersOf(v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) integersOf(v, into);
  return into;
}

async function chooseLocale(page: Page, label: string): Promise<void> {
  await page.getByLabel('Write numbers and dates as').selectOption({ label });
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Save numbers and dates' }).click()]);
  await waitForHydration(page);
}

async function shopOf(page: Page, region: string): Promise<{ id: string; name: string }> {
  const response = await page.request.get('/api/dashboard/shops');
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { id: string; shopName: string; shopRegion: string }[] };
  const shop = data.find((s) => s.shopRegion === region) ?? data[0]!;
  return { id: shop.id, name: shop.shopName };
}

test.describe('figures in the person’s locale', () => {
  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await signIn(page);
    const response = await page.request.put('/api/dashboard/account/locale', {
      data: { locale: null },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(response.ok()).toBe(true);
    await page.close();
  });

  for (const c of CASES) {
    test(`${c.locale}: every amount on the report pages reads back as the API's cents`, async ({ page }) => {
      await signIn(page);
      await page.goto('/account');
      await waitForHydration(page);
      // As the browser asks, Playwright's Chromium included: en-US, which every other walk reads.
      await expect(page.getByText(/Now: €1,234\.56 on Nov 26, 2026\./)).toBeVisible();
      const option = page.getByLabel('Write numbers and dates as').locator(`option[value="${c.locale}"]`);
      await chooseLocale(page, (await option.textContent())!);
      await expect(page.getByLabel('Write numbers and dates as')).toHaveValue(c.locale);
      await lookAt(page, `locale-${c.locale}-account`, `Account in ${c.locale}`);

      const shop = await shopOf(page, c.region);
      const view = `shop=${encodeURIComponent(shop.id)}&range=last-30-days`;
      for (const p of PAGES) {
        const url = `${p.path}?${view}`;
        // The first HTML is already in the locale (no en-US flash before the scripts run).
        const html = await (await page.request.get(url)).text();
        expect(html.match(c.amount)?.length ?? 0, `${p.name}: amounts in the first HTML`).toBeGreaterThan(0);

        await page.goto(url);
        await expect(page.getByRole('heading', { name: p.name, level: 1 })).toBeVisible();
        await expect(page.getByRole('progressbar')).toBeHidden({ timeout: 90_000 });
        await waitForHydration(page);
        await expect
          .poll(async () => ((await page.locator('main').innerText()).match(c.amount) ?? []).length, {
            timeout: 60_000,
          })
          .toBeGreaterThan(2);
        const text = await page.locator('main').innerText();
        const shown = text.match(c.amount) ?? [];
        // No figure is written the American way beside them.
        if (c.locale === 'de-DE') expect(text, `${p.name}: no en-US amount`).not.toMatch(/€\d/);

        const known = new Set<number>();
        for (const path of p.api) {
          const response = await page.request.get(
            `/api/dashboard/shops/${encodeURIComponent(shop.id)}/${path}?range=last-30-days`,
          );
          expect(response.ok(), `${path}`).toBe(true);
          integersOf(await response.json(), known);
        }
        const missing = shown.filter((s) => {
          const cents = centsIn(s, c);
          return !known.has(cents) && !known.has(-cents);
        });
        expect(missing, `${p.name}: amounts that are no figure of the API's answer`).toEqual([]);
      }
      await page.goto(`/sku-profit?${view}`);
      await expect(page.getByRole('progressbar')).toBeHidden({ timeout: 90_000 });
      await lookAt(page, `locale-${c.locale}-sku-profit`, `SKU profit in ${c.locale}`);

      if (c.locale === 'de-DE') {
        // German Excel's CSV, offered beside the plain one and named as such.
        await expect(page.getByRole('button', { name: /CSV \(comma, for scripts\)/ })).toBeVisible();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: /for Excel \(semicolon, decimal comma\)/ }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/_excel-de\.csv$/);
        const file = readFileSync((await download.path())!, 'utf8');
        expect(file.startsWith('\uFEFF')).toBe(true);
        expect(file.split('\r\n')[0]).toContain(';');
      } else {
        await expect(page.getByRole('button', { name: /for Excel \(semicolon/ })).toHaveCount(0);
      }
    });
  }
});
