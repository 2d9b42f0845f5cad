import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, lookAt, signIn, waitForHydration } from './support/dashboard';

// The person's locale (docs/ARCHITECTURE.md#the-persons-locale): chosen on Account, every amount on
// the report pages (Overview, Orders, SKU profit, P&L by month, Refunds, Settlement, Pricing) is
// written in it from the first HTML, and read
// back with that locale's separators it is a figure of the API's answer for the same view, to the
// cent. The de-DE export button offers the CSV for German Excel. After each, the owner's choice is put back to
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
  { path: '/refunds', name: 'Refunds', api: ['refunds'] },
  { path: '/settlement', name: 'Settlement', api: ['reports/settlement'] },
  { path: '/pricing', name: 'Pricing', api: ['reports/pricing'] },
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

/**
 * Every figure anywhere in an API answer as cents: the dashboard's integers are cents, and its means
 * are cents with a fraction the page rounds (Settlement's mean drift per order: -152.9 → -153); an
 * order's upstream fields are amounts in major units (12.5 → 1250).
 */
function integersOf(value: unknown, into: Set<number>): Set<number> {
  if (typeof value === 'number' && Number.isFinite(value)) {
    into.add(Math.round(value));
    into.add(Math.round(value * 100));
  } else if (Array.isArray(value)) for (const v of value) integersOf(v, into);
  else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) integersOf(v, into);
    // Settlement's forecast shows how far the expected net profit is from the estimate: the two figures' difference.
    const { expectedNetProfit, estimateNetProfit } = value as Record<string, unknown>;
    if (typeof expectedNetProfit === 'number' && typeof estimateNetProfit === 'number')
      into.add(Math.round(expectedNetProfit - estimateNetProfit));
  }
  return into;
}

/**
 * The text of the page's main region outside its charts: a chart's axis ticks are round steps of
 * the scale, no figure of the API's (they are checked for the locale's format apart).
 */
async function figuresText(page: Page): Promise<string> {
  return page.locator('main').evaluate((main) => {
    const parts: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('svg') || parent.closest('[hidden]')) continue;
      parts.push(node.textContent ?? '');
    }
    return parts.join(' ');
  });
}

/**
 * The orders export's figures as cents: each line's, and each order's sums of them (the Orders
 * table shows an order's net sales, costs and net profit, summed from its lines).
 */
async function orderExportCents(page: Page, shopId: string, into: Set<number>): Promise<void> {
  const response = await page.request.get(
    `/api/dashboard/shops/${encodeURIComponent(shopId)}/exports/orders?range=last-30-days`,
  );
  expect(response.ok()).toBe(true);
  const { data } = Papa.parse<Record<string, string>>((await response.text()).replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  });
  const sums = new Map<string, Map<string, number>>();
  for (const row of data) {
    const order = sums.get(row['Order id']!) ?? new Map<string, number>();
    sums.set(row['Order id']!, order);
    for (const [column, value] of Object.entries(row)) {
      if (value === '' || !Number.isFinite(Number(value))) continue;
      const cents = Math.round(Number(value) * 100);
      into.add(cents);
      order.set(column, (order.get(column) ?? 0) + cents);
    }
  }
  for (const order of sums.values()) for (const cents of order.values()) into.add(cents);
}

async function chooseLocale(page: Page, label: string): Promise<void> {
  await page.getByLabel('Write numbers and dates as').selectOption({ label });
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Save numbers and dates' }).click()]);
  await waitForHydration(page);
}

async function shopOf(page: Page, region: string): Promise<{ id: string; name: string }> {
  const response = await page.request.get('/api/dashboard/shops');
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as {
    data: { items: { id: string; shopName: string; shopRegion: string }[] };
  };
  const shop = data.items.find((s) => s.shopRegion === region) ?? data.items[0]!;
  return { id: shop.id, name: shop.shopName };
}

test.describe('figures in the person’s locale', () => {
  // Seven pages, each read until page and API agree and checked with axe, then two looks at 1440 and 390 px.
  test.describe.configure({ timeout: 300_000 });
  test.afterEach(async ({ browser }) => {
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
        await page.goto(url);
        await expect(page.getByRole('heading', { name: p.name, level: 1 })).toBeVisible();
        await expect(page.getByRole('progressbar')).toBeHidden({ timeout: 90_000 });
        await waitForHydration(page);
        await expect
          .poll(async () => ((await figuresText(page)).match(c.amount) ?? []).length, {
            timeout: 60_000,
          })
          .toBeGreaterThan(2);
        // Once stored, the first HTML is already in the locale (no en-US flash before the scripts run).
        const html = await (await page.request.get(url)).text();
        expect(html.match(c.amount)?.length ?? 0, `${p.name}: amounts in the first HTML`).toBeGreaterThan(0);
        const text = await figuresText(page);
        // No figure is written the American way beside them.
        if (c.locale === 'de-DE') expect(text, `${p.name}: no en-US amount`).not.toMatch(/€\d/);

        await expectAccessible(page, `${p.name} in ${c.locale}`);
        // A chart's money ticks are in the locale too.
        const ticks = (await page.locator('main svg text').allTextContents()).filter((t) => /[€£]/.test(t));
        for (const tick of ticks) expect(tick, `${p.name}: chart tick`).toMatch(new RegExp(`^${c.amount.source}$`));
        // The page and the API read the same store; a sync of today's orders between the two reads
        // moves a figure, so both are read again until they agree.
        const unmatched = async () => {
          const known = new Set<number>();
          for (const path of p.api) {
            const response = await page.request.get(
              `/api/dashboard/shops/${encodeURIComponent(shop.id)}/${path}?range=last-30-days`,
            );
            expect(response.ok(), `${path}`).toBe(true);
            integersOf(await response.json(), known);
          }
          if (p.path === '/orders') await orderExportCents(page, shop.id, known);
          const missing = ((await figuresText(page)).match(c.amount) ?? []).filter((s) => {
            const cents = centsIn(s, c);
            return !known.has(cents) && !known.has(-cents);
          });
          if (missing.length > 0) await page.reload();
          return missing;
        };
        await expect
          .poll(unmatched, { message: `${p.name}: amounts that are no figure of the API's answer`, timeout: 90_000 })
          .toEqual([]);
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
