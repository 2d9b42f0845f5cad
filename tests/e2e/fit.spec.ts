import { expect, test, type Locator, type Page } from '@playwright/test';
import { DASHBOARD_PAGES, expectAccessible, saveScreenshot, signIn } from './support/dashboard';

// At a laptop's 1440 px and a phone's 390 px, light and dark, every table shows net
// profit and margin without sideways scrolling, no product image renders broken, the overview of
// an empty range says so, and axe finds no violation of any impact. The pages load their product
// pictures (the demo service serves them) without a console error or a failed request.

const sizes = [
  { size: '1440', options: { viewport: { width: 1440, height: 900 } } },
  { size: '390', options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;
const schemes = ['light', 'dark'] as const;

/** Each table page, the table's name and the figures that must be in view in its first row. */
const tables = [
  { path: '/orders', name: 'orders', table: 'Orders', figures: ['Net profit', 'Margin'] },
  { path: '/sku-profit', name: 'sku-profit', table: 'Profit per SKU', figures: ['Net profit', 'Margin'] },
  { path: '/sku-costs', name: 'sku-costs', table: 'SKU costs', figures: ['Unit profit before fees', 'Margin'] },
  { path: '/refunds', name: 'refunds', table: 'Refund cost per day and category', figures: ['Total'] },
  { path: '/all-shops', name: 'all-shops', table: 'Shops', figures: ['Bottom line', 'Rate to USD'] },
  { path: '/your-costs', name: 'your-costs', table: 'Other expenses', figures: ['Amount', 'Per day'] },
] as const;

/** Your costs lists what the seller entered: one monthly expense of the first shop, entered once. */
async function seedYourCosts(page: Page): Promise<void> {
  const status = await page.evaluate(async () => {
    const shops = (await (await fetch('/api/dashboard/shops')).json()) as { data: { items: { id: string }[] } };
    const base = `/api/dashboard/shops/${encodeURIComponent(shops.data.items[0]!.id)}/your-costs`;
    const costs = (await (await fetch(base)).json()) as { data: { inputs: { expenses: unknown[] } } };
    if (costs.data.inputs.expenses.length > 0) return 200;
    const body = { name: 'Warehouse rent', amount: '1200.00', recurrence: 'monthly', startDay: '2024-01-01' };
    return (
      await fetch(`${base}/expenses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).status;
  });
  expect(status, 'the expense for /your-costs was saved').toBeLessThan(300);
}

async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const page_ = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scroll: root.scrollWidth, client: root.clientWidth };
  });
  expect(page_.scroll, `${what}: the page scrolls sideways`).toBeLessThanOrEqual(page_.client);
}

/** The element lies inside the viewport horizontally (not cut off, not scrolled out of view). */
async function expectInView(page: Page, locator: Locator, what: string): Promise<void> {
  await expect(locator, what).toBeVisible();
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, what).not.toBeNull();
  if (!box) return;
  expect(box.x, `${what} starts off-screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ends off-screen`).toBeLessThanOrEqual(width + 0.5);
}

async function expectNoBrokenImages(page: Page, what: string): Promise<void> {
  const broken = await page
    .locator('img')
    .evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src),
    );
  expect(broken, `${what}: broken images`).toEqual([]);
}

for (const { size, options } of sizes) {
  for (const scheme of schemes) {
    test(`net profit and margin in view on every table at ${size} px, ${scheme}`, async ({ browser }) => {
      const context = await browser.newContext({
        ...options,
        colorScheme: scheme,
        baseURL: test.info().project.use.baseURL,
      });
      const page = await context.newPage();
      await signIn(page);
      for (const t of tables) {
        const what = `${t.path} at ${size} px (${scheme})`;
        if (t.path === '/your-costs') await seedYourCosts(page);
        await page.goto(t.path);
        const table = page.getByRole('table', { name: t.table });
        // SKU profit appears once the range is stored (the first visit syncs it).
        await expect(table).toBeVisible({ timeout: 90_000 });
        await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
        const row = table.locator('tbody > tr:not(.expanded-row)').first();
        for (const figure of t.figures)
          await expectInView(page, row.locator(`[data-label="${figure}"]`), `${figure} on ${what}`);
        if (t.path === '/orders')
          await expectInView(
            page,
            row.getByRole('button', { name: /^Explain net profit/ }),
            `the explain control on ${what}`,
          );
        if (size === '1440') {
          // Wide screens show the default columns without scrolling the table itself either.
          const region = page.getByRole('region', {
            name: `${t.table === 'Refund cost per day and category' ? 'Refunds per day' : t.table} table`,
          });
          const overflow = await region.evaluate((el) => el.scrollWidth - el.clientWidth);
          expect(overflow, `${what}: the table scrolls sideways`).toBeLessThanOrEqual(0);
        }
        await expectNoSidewaysScroll(page, what);
        await expectNoBrokenImages(page, what);
        await expectAccessible(page, what);
        await saveScreenshot(page, `${t.name}-${size}-${scheme}`);
      }
      await context.close();
    });
  }
}

test('a phone card opens to show the rest of the row', async ({ browser }) => {
  const context = await browser.newContext({ ...sizes[1].options, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signIn(page);
  await page.goto('/sku-costs');
  const table = page.getByRole('table', { name: 'SKU costs' });
  const row = table.locator('tbody > tr').first();
  await expect(row.locator('[data-label="Price"]')).toBeHidden();
  await row.getByRole('button', { name: /^Show all costs of/ }).click();
  await expect(row.locator('[data-label="Price"]')).toBeVisible();
  await expect(row.locator('[data-label="Shipping cost"]')).toBeVisible();
  await expectNoSidewaysScroll(page, 'an open card');
  await context.close();
});

test('pages: first, last and a page jump, with the total', async ({ page }) => {
  await signIn(page);
  await page.goto('/orders?range=last-90-days');
  const pager = page.getByRole('navigation', { name: 'Pages of orders' });
  await expect(pager).toContainText(/of [\d,]+ · [\d,]+ orders/);
  const pages = Number(
    (await pager.getByText(/^of [\d,]+ ·/).innerText()).match(/of ([\d,]+)/)?.[1]?.replaceAll(',', ''),
  );
  expect(pages).toBeGreaterThan(3);
  await pager.getByRole('button', { name: 'Last page' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]page=${pages}\\b`));
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  await pager.getByRole('textbox', { name: 'Page' }).fill('3');
  await pager.getByRole('button', { name: 'Go' }).click();
  await expect(page).toHaveURL(/[?&]page=3\b/);
  await pager.getByRole('button', { name: 'First page' }).click();
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
});

test('the column chooser adds a column and the URL keeps it', async ({ page }) => {
  await signIn(page);
  await page.goto('/sku-costs');
  const table = page.getByRole('table', { name: 'SKU costs' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'SKU ID' })).toHaveCount(0);
  await page.locator('summary', { hasText: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'SKU ID' }).check();
  await expect(table.getByRole('columnheader', { name: 'SKU ID' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]cols=/);
  await page.reload();
  await expect(
    page.getByRole('table', { name: 'SKU costs' }).getByRole('columnheader', { name: 'SKU ID' }),
  ).toBeVisible();
});

test('the shop picker reopens on a second click', async ({ page }) => {
  await signIn(page);
  await page.goto('/orders');
  const shopBox = page.getByRole('combobox', { name: 'Shop' });
  await shopBox.click();
  await page.getByRole('option').nth(1).click();
  await expect(page.getByRole('listbox', { name: 'Shops' })).toBeHidden();
  await shopBox.click();
  await expect(page.getByRole('listbox', { name: 'Shops' })).toBeVisible();
});

for (const scheme of schemes) {
  test(`the overview of a range without orders says so and offers a next step (${scheme})`, async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      colorScheme: scheme,
      baseURL: test.info().project.use.baseURL,
    });
    const page = await context.newPage();
    await signIn(page);
    // Years before the demo shops opened: no orders, no refunds.
    await page.goto('/?range=custom&from=2019-01-01&to=2019-01-07');
    await expect(page.getByText('No orders in this range')).toBeVisible({ timeout: 90_000 });
    await expect(page.getByText(/no paid orders and no refunds from Jan 1 – Jan 7, 2019/)).toBeVisible();
    await expect(page.locator('.chart-box')).toHaveCount(0);
    await expectAccessible(page, `the empty overview (${scheme})`);
    await saveScreenshot(page, `overview-empty-1440-${scheme}`);
    await page.getByRole('button', { name: 'Show the last 30 days' }).click();
    // Last 30 days is the default range, so the URL simply drops the custom one.
    await expect(page).not.toHaveURL(/from=2019/);
    await expect(page.getByText('Bottom line', { exact: true })).toBeVisible({ timeout: 90_000 });
    await context.close();
  });
}

for (const { size, options } of sizes) {
  for (const scheme of schemes) {
    test(`the overview with orders at ${size} px, ${scheme}: today marked partial, refunds red, axe clean`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        ...options,
        colorScheme: scheme,
        baseURL: test.info().project.use.baseURL,
      });
      const page = await context.newPage();
      await signIn(page);
      await page.goto('/');
      await expect(page.getByText('Bottom line', { exact: true })).toBeVisible({ timeout: 90_000 });
      await expect(page.locator('.chart-box svg.recharts-surface').first()).toBeVisible();
      await expect(page.getByText(/today so far/)).toBeVisible();
      const refunds = page
        .locator('.kpi', { has: page.getByText('Refunds (daily totals)', { exact: true }) })
        .locator('dd')
        .first();
      await expect(refunds).toHaveClass(/negative/);
      for (const list of ['Top 5 SKUs by net profit', 'Bottom 5 SKUs by net profit']) {
        const first = page.getByRole('table', { name: list }).locator('tbody > tr').first();
        await expectInView(page, first.locator('[data-label="Net profit"]'), `${list} net profit at ${size} px`);
        await expectInView(page, first.locator('[data-label="Margin"]'), `${list} margin at ${size} px`);
      }
      await expectNoSidewaysScroll(page, `overview at ${size} px`);
      await expectAccessible(page, `overview at ${size} px (${scheme})`);
      await saveScreenshot(page, `overview-${size}-${scheme}`);
      await context.close();
    });
  }
}

test('with every column shown on a narrower screen, the product and net profit stay pinned while the table scrolls', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 1024, height: 800 },
    baseURL: test.info().project.use.baseURL,
  });
  const page = await context.newPage();
  await signIn(page);
  await page.goto('/sku-profit?cols=sellerSku,lines,estimatedUnits,profitShare');
  const table = page.getByRole('table', { name: 'Profit per SKU' });
  await expect(table).toBeVisible({ timeout: 90_000 });
  const region = page.getByRole('region', { name: 'Profit per SKU table' });
  expect(
    await region.evaluate((el) => el.scrollWidth - el.clientWidth),
    'the full table is wider than the screen',
  ).toBeGreaterThan(0);
  const row = table.locator('tbody > tr').first();
  // Scrolled to the start, net profit and margin are pinned to the right edge…
  await expectInView(page, row.locator('[data-label="Net profit"]'), 'net profit before scrolling');
  await expectInView(page, row.locator('[data-label="Margin"]'), 'margin before scrolling');
  // …and scrolled to the end, the product stays pinned to the left.
  await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expectInView(page, row.locator('[data-label="Product"]'), 'the product after scrolling');
  const product = await row.locator('[data-label="Product"]').boundingBox();
  const regionBox = await region.boundingBox();
  expect(Math.abs((product?.x ?? 0) - (regionBox?.x ?? 0)), 'the product column is at the left edge').toBeLessThan(3);
  await expectNoSidewaysScroll(page, 'the page around the scrolling table');
  await context.close();
});

/** Console errors, uncaught page errors and failed requests while the page is watched, by page. */
function watchForProblems(page: Page): { where: string; problems: string[] } {
  const state = { where: '', problems: [] as string[] };
  const note = (text: string) => state.problems.push(`${state.where}: ${text}`);
  // The console also reports what Playwright's network events leave out, e.g. the browser's own
  // /favicon.ico request.
  page.on('console', (m) => {
    if (m.type() === 'error') note(`console error: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (error) => note(`page error: ${error.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) note(`${r.status()} for ${r.request().method()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => {
    // Cancelled, not failed: a navigation ends the last page's requests (its icon, say), and Next
    // drops route prefetches it no longer needs. The console says nothing of them either.
    if (r.failure()?.errorText === 'net::ERR_ABORTED') return;
    note(`failed ${r.url()}: ${r.failure()?.errorText}`);
  });
  return state;
}

/** Every product picture on the page has loaded (the placeholders stand for products without one). */
async function expectPicturesLoaded(scope: Locator, what: string, atLeast: number): Promise<void> {
  const pictures = scope.locator('img.product-icon');
  await expect
    .poll(() => pictures.count(), { message: `${what}: product pictures shown` })
    .toBeGreaterThanOrEqual(atLeast);
  const sizes = await pictures.evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((img) => img.naturalWidth));
  expect(
    sizes.filter((w) => w === 0),
    `${what}: pictures that did not load`,
  ).toEqual([]);
}

test('the pages load with their product pictures and without a console error or a failed request', async ({ page }) => {
  const watch = watchForProblems(page);
  await signIn(page);

  watch.where = '/sku-costs';
  await page.goto('/sku-costs');
  const costs = page.getByRole('table', { name: 'SKU costs' });
  await expect(costs).toBeVisible({ timeout: 90_000 });
  await expectPicturesLoaded(costs, 'SKU costs', 10);

  watch.where = '/orders';
  await page.goto('/orders');
  const orders = page.getByRole('table', { name: 'Orders' });
  await expect(orders).toBeVisible({ timeout: 90_000 });
  // A quarter of the demo products have no picture: open orders until one shows a picture.
  const panels = page.getByRole('table', { name: /Profit and loss per product of order/ });
  for (let opened = 0; opened < 8 && (await orders.locator('img.product-icon').count()) === 0; opened++) {
    // An open order's button says "Hide": the first "Show" is the next order down.
    await orders
      .getByRole('button', { name: /^Show products of order/ })
      .first()
      .click();
    await expect(panels).toHaveCount(opened + 1);
    await page.waitForTimeout(300);
  }
  await expectPicturesLoaded(orders, 'an order’s products', 1);

  watch.where = '/sku-profit';
  await page.goto('/sku-profit');
  await expect(page.getByRole('table', { name: 'Profit per SKU' })).toBeVisible({ timeout: 90_000 });

  // The other pages of the menu, each once its content has loaded.
  for (const path of DASHBOARD_PAGES.filter((p) => !['/orders', '/sku-profit', '/sku-costs'].includes(p))) {
    watch.where = path;
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible({ timeout: 90_000 });
    await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0, { timeout: 90_000 });
  }

  // A response without a page of its own (JSON in a tab): the browser asks for /favicon.ico.
  watch.where = '/api/health';
  await page.goto('/api/health');
  await page.waitForTimeout(1_000);
  watch.where = 'the end';
  expect(watch.problems).toEqual([]);
});
