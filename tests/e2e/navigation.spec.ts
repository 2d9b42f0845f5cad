import { expect, test, type Browser, type Page } from '@playwright/test';
import { PAGES } from '@/lib/team/pages';
import { expectAccessible, saveScreenshot, signIn, waitForHydration } from './support/dashboard';

// The navigation by task and the jump-to. Every page the owner may open, at 1440, 1024 and 390 px,
// in en-US, en-GB and de-DE (the browser's locale: the owner keeps "As my browser"), light and dark:
// every amount and date is written the locale's way and none another's, the navigation is one column beside the page on a wide screen and one Menu button
// on a phone (measured by its boxes), the document never scrolls sideways, the current page is
// marked, and axe finds nothing. The jump-to, by keyboard alone, finds a SKU by its seller SKU and
// an order by its number and lands on each, in the shop and range on screen.

const sizes = [
  { width: 1440, height: 900, phone: false },
  { width: 1024, height: 800, phone: false },
  { width: 390, height: 844, phone: true },
] as const;
const PATHS = [...PAGES.map((p) => p.href), '/account'];
const RANGE = 'last-7-days';

async function open(browser: Browser, size: (typeof sizes)[number], locale = 'en-US'): Promise<Page> {
  const context = await browser.newContext({
    locale,
    viewport: { width: size.width, height: size.height },
    ...(size.phone ? { isMobile: true, hasTouch: true } : {}),
    baseURL: test.info().project.use.baseURL,
  });
  const page = await context.newPage();
  await signIn(page);
  return page;
}

async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  expect(overflow, `${what}: the document scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Wide screens: every link in one column beside the page, each on one line, none cut off. */
async function expectSideColumn(page: Page, path: string, what: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(page.getByRole('button', { name: 'Menu' }), what).toBeHidden();
  const navBox = (await nav.boundingBox())!;
  const mainBox = (await page.locator('main').boundingBox())!;
  expect(navBox.x + navBox.width, `${what}: the navigation overlaps the page`).toBeLessThanOrEqual(mainBox.x + 0.5);
  const boxes = await nav
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getBoundingClientRect().toJSON() as DOMRect));
  expect(boxes.length, what).toBe(PAGES.length);
  const lineHeight = Math.min(...boxes.map((b) => b.height));
  for (const [i, box] of boxes.entries()) {
    expect(Math.abs(box.x - boxes[0]!.x), `${what}: link ${i} leaves the column`).toBeLessThan(1);
    expect(box.height, `${what}: link ${i} wraps`).toBeLessThan(lineHeight * 1.5);
    expect(box.x + box.width, `${what}: link ${i} is cut off`).toBeLessThanOrEqual(navBox.x + navBox.width + 0.5);
    if (i > 0) expect(box.y, `${what}: link ${i} is not below the one before`).toBeGreaterThan(boxes[i - 1]!.y);
  }
  const current = PAGES.find((p) => p.href === path);
  if (current)
    await expect(nav.getByRole('link', { name: current.label, exact: true }), what).toHaveAttribute(
      'aria-current',
      'page',
    );
}

/** A phone: one Menu button in the header, no link of the navigation shown until it is pressed. */
async function expectOneMenuButton(page: Page, what: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu, what).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link')).toHaveCount(0);
  const box = (await menu.boundingBox())!;
  expect(box.x, what).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, what).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** The phone's menu unfolds by keyboard, shows the groups inside the screen, and folds with Escape. */
async function walkPhoneMenu(page: Page, path: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  const links = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link');
  await expect(links).toHaveCount(PAGES.length);
  const width = page.viewportSize()!.width;
  for (const box of await links.evaluateAll((all) => all.map((a) => a.getBoundingClientRect().toJSON() as DOMRect)))
    expect(box.x >= 0 && box.x + box.width <= width, 'a menu link lies outside the screen').toBe(true);
  const current = PAGES.find((p) => p.href === path)!;
  await expect(links.filter({ hasText: current.label }).first()).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page, `the open menu on ${path}`);
  await saveScreenshot(page, `navigation-menu-390-light`);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
}

const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
/**
 * How each locale writes an amount and a date, and what it never shows: another locale's amounts
 * (a decimal comma before a symbol, a symbol before digits in de-DE) or its dates ("Nov 26, 2026"
 * is en-US only; "26 Nov 2026" en-GB only).
 */
const LOCALES = [
  {
    locale: 'en-US',
    amount: /(?:[$£€]|US\$)[-−]?\d/,
    foreign: [/\d,\d{2}\s?[$£€]/, new RegExp(`\\b\\d{1,2} ${MONTH} \\d{4}`)],
  },
  {
    locale: 'en-GB',
    amount: /(?:[$£€]|US\$)[-−]?\d/,
    foreign: [/\d,\d{2}\s?[$£€]/, new RegExp(`${MONTH} \\d{1,2}, \\d{4}`)],
  },
  {
    locale: 'de-DE',
    amount: /\d,\d{2}\s(?:[$£€]|US\$)/,
    foreign: [/(?:^|[^A-Za-z])[$£€]\s?[-−]?\d/, /\d\.\d{2}\s?[$£€]/, new RegExp(`${MONTH} \\d{1,2}, \\d{4}`)],
  },
] as const;
/** The pages whose first screen always shows amounts of the selected shop. */
const FIGURE_PAGES = new Set(['/', '/orders', '/sku-profit', '/pnl-by-month']);

/** Every amount and date on the page is written the locale's way (the browser's: no choice on Account). */
async function expectWrittenIn(page: Page, path: string, l: (typeof LOCALES)[number], what: string): Promise<void> {
  if (FIGURE_PAGES.has(path))
    await expect
      .poll(async () => l.amount.test(await page.locator('main').innerText()), { timeout: 60_000 })
      .toBe(true);
  // The text a person reads or hears, without a select's options (Account's locale choice shows
  // each locale's own way as a sample).
  const text = await page.evaluate(() => {
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const parent = walker.currentNode.parentElement;
      if (parent && !parent.closest('select, script, style, template'))
        parts.push(walker.currentNode.textContent ?? '');
    }
    // One text node is one written figure (Intl writes an amount in one piece): never glue two.
    return parts.join('\u0000');
  });
  for (const pattern of l.foreign)
    expect(text.match(pattern)?.[0] ?? null, `${what}: written another locale's way`).toBeNull();
}

for (const size of sizes)
  for (const l of LOCALES)
    test(`every page at ${size.width} px in ${l.locale}, light and dark: the navigation fits, figures are written in ${l.locale}, accessible`, async ({
      browser,
    }) => {
      test.setTimeout(600_000);
      const page = await open(browser, size, l.locale);
      for (const path of PATHS) {
        await page.goto(`${path}?range=${RANGE}`);
        await waitForHydration(page);
        await expect(page.locator('main h1').first()).toBeVisible({ timeout: 60_000 });
        if (size.phone && path === '/orders' && l.locale === 'en-US') await walkPhoneMenu(page, path);
        for (const scheme of ['light', 'dark'] as const) {
          const what = `${path} at ${size.width} px in ${l.locale} (${scheme})`;
          await page.emulateMedia({ colorScheme: scheme });
          if (scheme === 'light') await expectWrittenIn(page, path, l, what);
          if (size.phone) await expectOneMenuButton(page, what);
          else await expectSideColumn(page, path, what);
          await expectNoSidewaysScroll(page, what);
          await expectAccessible(page, what);
          if (path === '/' || path === '/orders')
            await saveScreenshot(
              page,
              `navigation${path === '/' ? '-overview' : '-orders'}-${size.width}-${l.locale}-${scheme}`,
            );
        }
        await page.emulateMedia({ colorScheme: 'light' });
      }
      await page.context().close();
    });

/** A SKU and an order of the first shop in the range, and the shop: read as the page's own API reads them. */
async function pickSkuAndOrder(page: Page) {
  return page.evaluate(async (range) => {
    const shops = (await (await fetch('/api/dashboard/shops')).json()) as { data: { items: { id: string }[] } };
    const shop = shops.data.items[0]!.id;
    const orders = (await (
      await fetch(`/api/dashboard/shops/${encodeURIComponent(shop)}/orders?range=${range}`)
    ).json()) as { data: { items: { orderNumber: string; products: { sellerSku: string }[] }[] } };
    const order = orders.data.items.find((o) => o.products.some((p) => p.sellerSku))!;
    return { shop, orderNumber: order.orderNumber, sellerSku: order.products.find((p) => p.sellerSku)!.sellerSku };
  }, RANGE);
}

/** Opens the jump-to with the shortcut, types `text`, moves to the option of `kind` with the arrows, presses Enter. */
async function jumpByKeyboard(page: Page, text: string, kind: 'SKU' | 'Order'): Promise<void> {
  await page.keyboard.press('Control+K');
  const dialog = page.getByRole('dialog', { name: 'Jump to a page, SKU or order' });
  const box = dialog.getByRole('combobox');
  await expect(box).toBeFocused();
  await page.keyboard.type(text);
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const option = dialog.getByRole('option').filter({ hasText: new RegExp(`^${kind}\\s*${escaped}`) });
  await expect(option.first()).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('status')).toHaveText(/^\d+ results?$/);
  const options = await dialog.getByRole('option').allInnerTexts();
  const index = options.findIndex((o) => o.replace(/\s+/g, '').startsWith(`${kind}${text}`));
  for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.first().getAttribute('id'))!);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

test('the jump-to finds a SKU by its seller SKU and an order by its number, by keyboard alone', async ({ browser }) => {
  test.setTimeout(300_000);
  const page = await open(browser, sizes[0]);
  await page.goto(`/orders?range=${RANGE}`);
  await waitForHydration(page);
  await expect(page.getByRole('table', { name: 'Orders' })).toBeVisible({ timeout: 90_000 });
  const { shop, orderNumber, sellerSku } = await pickSkuAndOrder(page);
  // The jump-to reads the local store: wait until the sync has stored the order.
  await expect
    .poll(
      async () =>
        page.evaluate(
          async ({ shop, orderNumber }) =>
            (
              (await (
                await fetch(`/api/dashboard/shops/${encodeURIComponent(shop)}/jump?q=${orderNumber}`)
              ).json()) as { data: { orders: unknown[] } }
            ).data.orders.length,
          { shop, orderNumber },
        ),
      { timeout: 90_000 },
    )
    .toBeGreaterThan(0);

  await jumpByKeyboard(page, sellerSku, 'SKU');
  await page.waitForURL((url) => url.pathname === '/sku-profit');
  let url = new URL(page.url());
  expect(url.searchParams.get('q')).toBe(sellerSku);
  expect(url.searchParams.get('shop')).toBe(shop);
  expect(url.searchParams.get('range')).toBe(RANGE);
  const skus = page.getByRole('table', { name: 'Profit per SKU' });
  await expect(skus.locator('tbody > tr').first()).toContainText(sellerSku, { timeout: 90_000 });

  await jumpByKeyboard(page, orderNumber, 'Order');
  await page.waitForURL((u) => u.pathname === '/orders');
  url = new URL(page.url());
  expect(url.searchParams.get('orderNumber')).toBe(orderNumber);
  expect(url.searchParams.get('shop')).toBe(shop);
  expect(url.searchParams.get('range')).toBe(RANGE);
  const orders = page.getByRole('table', { name: 'Orders' });
  await expect(orders.locator('tbody > tr').first()).toContainText(orderNumber, { timeout: 60_000 });
  await expectAccessible(page, 'the orders page the jump-to opened');
  await page.context().close();
});

test('on a phone the header opens the jump-to, which fits the screen and closes with Escape', async ({ browser }) => {
  const page = await open(browser, sizes[2]);
  await page.goto(`/?range=${RANGE}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Jump to' }).click();
  const dialog = page.getByRole('dialog', { name: 'Jump to a page, SKU or order' });
  await expect(dialog.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('ref');
  await expect(dialog.getByRole('option', { name: /Refunds/ })).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText(/result/);
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'the jump-to on a phone');
  await saveScreenshot(page, 'navigation-jump-to-390-light');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Jump to' })).toBeFocused();
  await page.context().close();
});

test('on a phone without scripts the navigation is shown as it is, since the Menu button cannot unfold it', async ({
  browser,
}) => {
  const signedIn = await open(browser, sizes[2]);
  const storageState = await signedIn.context().storageState();
  await signedIn.context().close();
  const context = await browser.newContext({
    storageState,
    javaScriptEnabled: false,
    viewport: { width: sizes[2].width, height: sizes[2].height },
    isMobile: true,
    baseURL: test.info().project.use.baseURL,
  });
  const page = await context.newPage();
  await page.goto(`/orders?range=${RANGE}`);
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  for (const name of ['Overview', 'SKU profit', 'P&L by month', 'Your costs'])
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the navigation without scripts');
  await saveScreenshot(page, 'navigation-no-script-390');
  await context.close();
});
