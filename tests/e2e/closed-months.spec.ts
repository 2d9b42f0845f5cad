import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatPercent } from '@/lib/format/money';
import { formatDay, formatMonth } from '@/lib/format/time';
import { lookAt, signIn, waitForHydration } from './support/dashboard';

// A month closed on its own figures, and the warning before it changes, in the built app. On the
// default "Last 30 days" range (which holds only the month's last days), the close dialog says the
// whole month's share still estimated (the P&L's own column of that month over a range that holds
// all of it, and the books' month facts), its open orders, when the last is expected to settle and
// its days stored. Once it is closed, a unit cost dated inside it asks before anything is saved,
// naming the closed month and the first open one; "Don't save" saves nothing; confirmed, it is
// saved and says by how much it changed the month. With the books kept in USD, an exchange rate on
// All shops' card that converts days of the UK shop's closed month asks the same way. Everything it
// changed is taken back at the end (undo, reopen, the shop's own currency), so other specs see the
// demo data as it was.

test.describe.configure({ mode: 'serial' });

interface ShopRow {
  id: string;
  shopName: string;
  shopRegion: string;
}
type Facts = {
  month: string;
  days: number;
  daysStored: number;
  estimatedShare: number | null;
  openOrders: number;
  settleDays: number | null;
  expectedSettledBy: string | null;
  refusal: string | null;
};

const monthOf = (words: string) => {
  const d = new Date(`1 ${words} 00:00 UTC`);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};
const nextMonth = (m: string) => {
  const [y, mm] = m.split('-').map(Number) as [number, number];
  return mm === 12 ? `${y + 1}-01` : `${y}-${String(mm + 1).padStart(2, '0')}`;
};

async function shops(request: APIRequestContext): Promise<ShopRow[]> {
  return ((await (await request.get('/api/dashboard/shops')).json()) as { data: { items: ShopRow[] } }).data.items;
}

/** A write as the page's own fetch sends it: same origin, JSON (no body: undefined). */
function send(page: Page, method: 'POST' | 'PUT', path: string, data: unknown, confirm?: string) {
  return page.request.fetch(path, {
    method,
    ...(data === undefined ? {} : { data: data as object }),
    headers: {
      origin: new URL(page.url()).origin,
      ...(data === undefined ? {} : { 'content-type': 'application/json' }),
      ...(confirm ? { 'x-confirm-closed-months': confirm } : {}),
    },
  });
}

/** The P&L by month of a range, every day stored. */
async function openPnl(page: Page, query: string) {
  await page.goto(`/pnl-by-month?${query}`);
  await waitForHydration(page);
  const table = page.getByRole('table', { name: /Profit and loss by month/ });
  await expect(table).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 120_000 });
  return table;
}

/** The "Still estimated" share of one month's column, as the statement shows it. */
async function estimatedOf(page: Page, month: string, heading = formatMonth(month)): Promise<string> {
  const table = page.getByRole('table', { name: /Profit and loss by month/ });
  const headers = await table.locator('thead th').allInnerTexts();
  const index = headers.findIndex((h) => h.trim().startsWith(heading));
  if (index < 1) throw new Error(`no column of ${month}`);
  const row = table.getByRole('row', { name: /^Still estimated/ });
  return (await row.locator('th, td').nth(index).innerText()).trim();
}

test('on Last 30 days, the close dialog decides on the whole month; a unit cost dated inside it asks first', async ({
  page,
}) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  const shop = (await shops(page.request))[0]!;
  // Every day of the last ended months stored, and the whole month's share as its own column says it.
  await openPnl(page, 'range=last-90-days');
  const books = page.getByRole('region', { name: 'Closed months' });
  const close = books.getByRole('button', { name: /^Close [A-Z][a-z]{2} \d{4}$/ });
  await expect(close).toBeVisible({ timeout: 60_000 });
  const name = (await close.innerText()).replace(/^Close /, '');
  const month = monthOf(name);
  const firstOpen = nextMonth(month);
  const wholeMonth = await estimatedOf(page, month);

  await openPnl(page, 'range=last-30-days');
  // The range holds only the month's last days (or none of it): its column's share is theirs.
  const rangeShare = await estimatedOf(page, month, name.slice(0, 3)).catch(() => 'not in the range');
  test.info().annotations.push({ type: 'estimated', description: `${name}: whole ${wholeMonth}, range ${rangeShare}` });
  await books.getByRole('button', { name: `Close ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Close ${name}?` });
  const facts = dialog.getByRole('status');
  await expect(facts).not.toContainText('Reading', { timeout: 60_000 });
  const f = (
    (await (
      await page.request.get(
        `/api/dashboard/shops/${shop.id}/books/months/${month}?cancelled=exclude&samples=separate&costs=mine`,
      )
    ).json()) as { data: Facts }
  ).data;
  expect(f).toMatchObject({ month, daysStored: f.days, refusal: null });
  // The month's own share: what its whole column says, not the share of the range's last days of it.
  expect(formatPercent(f.estimatedShare ?? 0)).toBe(wholeMonth);
  await expect(facts).toContainText(`${wholeMonth} of ${name}’s net sales is still estimated`);
  await expect(facts).toContainText(`${f.days} of its ${f.days} days are stored.`);
  if (f.openOrders === 0) await expect(facts).toContainText('every order has settled');
  else {
    await expect(facts).toContainText(
      `${f.openOrders.toLocaleString('en-US')} ${f.openOrders === 1 ? 'order is' : 'orders are'} not settled yet`,
    );
    await expect(facts).toContainText(
      f.expectedSettledBy
        ? `the last is expected to settle by about ${formatDay(f.expectedSettledBy)} (9 in 10 orders here settle within ${f.settleDays} days)`
        : 'too few of this shop’s orders have been seen settling to say when the last one will',
    );
  }
  await lookAt(page, 'close-dialog-last-30-days', 'The close dialog on Last 30 days');
  await dialog.getByRole('button', { name: `Close ${name}` }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });

  let costSaved = false;
  try {
    // The SKU that made the most profit in the closed month from its 10th: a unit cost from that day changes it.
    const day = `${month}-10`;
    const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 0)).toISOString().slice(0, 10);
    const report = (await (
      await page.request.get(`/api/dashboard/shops/${shop.id}/reports/sku-profit?range=custom&from=${day}&to=${last}`)
    ).json()) as { data: { report: { rows: { skuId: string }[] } } };
    const skuId = report.data.report.rows[0]!.skuId;
    const cogsOf = async () =>
      (
        (await (await page.request.get(`/api/dashboard/shops/${shop.id}/your-costs`)).json()) as {
          data: { inputs: { cogs: { skuId: string; fromDay: string }[] } };
        }
      ).data.inputs.cogs.filter((c) => c.skuId === skuId && c.fromDay === day);

    await page.goto(`/sku-costs?shop=${encodeURIComponent(shop.id)}&skuId=${encodeURIComponent(skuId)}`);
    await waitForHydration(page);
    const row = page.getByRole('table', { name: 'SKU costs' }).locator('tbody > tr').first();
    await row.getByRole('button', { name: /^Set unit cost of / }).click();
    const form = page.getByRole('form', { name: /^Unit cost of / });
    await form.getByLabel(/^Unit cost \(/).fill('1.00');
    await form.getByLabel('From').fill(day);
    await form.getByLabel(/^Unit cost \(/).press('Enter');

    // Before anything is saved: which closed month, where the adjustments go.
    const warning = page.getByRole('dialog', { name: 'This changes a closed month' });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(
      `This change falls in closed month ${name}. It keeps its statement as closed: what the change does there is booked in ${formatMonth(firstOpen)}, the first open month, as adjustments to closed periods.`,
    );
    await expect(warning).toContainText('Nothing is saved until you choose.');
    expect(await cogsOf()).toEqual([]);
    await lookAt(page, 'closed-month-warning', 'The warning before a closed month changes');

    await warning.getByRole('button', { name: 'Don’t save' }).click();
    await expect(warning).toBeHidden();
    await expect(form).toContainText('Not saved: the closed months stay as they are.');
    expect(await cogsOf()).toEqual([]);

    await form.getByLabel(/^Unit cost \(/).press('Enter');
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: 'Save and book as adjustments' }).click();
    const saved = page.getByRole('dialog', { name: 'Saved into a closed month' });
    await expect(saved).toContainText(
      new RegExp(
        `It changed closed ${name} by [-+]\\$[\\d,]+\\.\\d{2} \\(\\d+ adjustments?\\), booked in ${formatMonth(firstOpen)} as adjustments to closed periods\\.`,
      ),
    );
    costSaved = true;
    expect(await cogsOf()).toHaveLength(1);
    await saved.getByRole('button', { name: 'OK' }).click();
    await expect(saved).toBeHidden();

    // The statement with the closed month and its adjustments in the first open month.
    await openPnl(page, 'range=last-90-days');
    await expect(page.getByRole('row', { name: /^Adjustments to closed periods/ }).first()).toBeVisible();
    await lookAt(page, 'pnl-by-month-adjustments', 'P&L by month with a closed month and adjustments');

    // A journal of the closed month downloaded: reopening it names that file, to be reversed.
    const journal = page.getByRole('region', { name: 'Journal for your books' });
    await journal.getByLabel('Month').selectOption(month);
    const download = page.waitForEvent('download');
    await journal.getByRole('button', { name: 'Journal for Xero' }).click();
    await download;
    await books.getByRole('button', { name: `Reopen ${name}` }).click();
    const reopen = page.getByRole('dialog', { name: `Reopen ${name}?` });
    await expect(reopen).toContainText(
      'Its journal was downloaded after it was closed. If you imported it, reverse it',
    );
    await expect(reopen.getByRole('listitem')).toContainText(
      /^[A-Za-z0-9]+-\d{6} \(Xero, USD\), .* by owner@demo\.example$/,
    );
    await lookAt(page, 'reopen-dialog-downloads', 'The reopen dialog listing a downloaded journal');
    await reopen.getByLabel('Reason').fill('Supplier invoice came late');
    await reopen.getByRole('button', { name: `Reopen ${name}` }).click();
    await expect(reopen).toBeHidden({ timeout: 60_000 });
  } finally {
    if (costSaved)
      expect(
        (await send(page, 'POST', `/api/dashboard/shops/${shop.id}/your-costs/undo`, undefined, month)).status(),
      ).toBe(200);
    // Reopened by the page, or left closed by a failure above.
    const reopen = await send(page, 'POST', `/api/dashboard/shops/${shop.id}/books/months/${month}/reopen`, {
      reason: 'end of the browser test',
    });
    expect([200, 409]).toContain(reopen.status());
  }
});

test('with the books in USD, a rate on All shops that converts days of a closed month asks first', async ({ page }) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  const gb = (await shops(page.request)).find((s) => s.shopRegion === 'GB')!;
  await openPnl(page, `shop=${encodeURIComponent(gb.id)}&range=last-90-days`);
  const close = page.getByRole('region', { name: 'Closed months' }).getByRole('button', { name: /^Close / });
  await expect(close).toBeVisible({ timeout: 60_000 });
  const name = (await close.innerText()).replace(/^Close /, '');
  const month = monthOf(name);
  let rateSaved = false;
  expect((await send(page, 'PUT', '/api/dashboard/books/currency', { currency: 'USD' })).status()).toBe(200);
  try {
    expect((await send(page, 'POST', `/api/dashboard/shops/${gb.id}/books/months/${month}/close`, {})).status()).toBe(
      200,
    );
    await page.goto('/all-shops');
    await waitForHydration(page);
    const rates = page.getByRole('region', { name: 'Exchange rates' });
    const add = rates.getByRole('form', { name: 'Add rate' });
    const list = rates.getByRole('list', { name: 'Exchange rates' });
    await expect(list).toBeVisible({ timeout: 60_000 });
    const before = (await list.textContent()) ?? '';
    await add.getByLabel('Currency').fill('GBP');
    await add.getByLabel('Into').fill('USD');
    await add.getByLabel('From day').fill(`${month}-12`);
    await add.getByLabel('Rate').fill('1.31');
    await add.getByRole('button', { name: 'Add rate' }).click();

    const warning = page.getByRole('dialog', { name: 'This changes a closed month' });
    await expect(warning).toContainText(
      `Your books are kept in USD, and this rate converts days of closed months: ${name} of ${gb.shopName}.`,
    );
    await expect(warning).toContainText('reverse any of them you imported, and import them again.');
    await lookAt(page, 'closed-month-warning-rate', 'The warning before a rate changes a closed month’s journal');
    await warning.getByRole('button', { name: 'Don’t save' }).click();
    await expect(add.getByRole('alert')).toContainText('Not saved: the closed months stay as they are.');
    await expect(list).toHaveText(before);

    await add.getByRole('button', { name: 'Add rate' }).click();
    // A rate books no adjustment: the button says what saving does.
    await expect(warning.getByRole('button', { name: 'Save and book as adjustments' })).toHaveCount(0);
    await warning.getByRole('button', { name: 'Save and change their journals' }).click();
    const saved = page.getByRole('dialog', { name: 'Saved into a closed month' });
    await expect(saved).toContainText(
      `It converts days of closed ${name} of ${gb.shopName}: their statements did not change; their journals in USD did.`,
    );
    rateSaved = true;
    await saved.getByRole('button', { name: 'OK' }).click();
    await expect(rates.getByRole('status')).toContainText(`Added: 1 GBP = 1.31 USD from ${formatDay(`${month}-12`)}`);
    await expect(list).toContainText('1 GBP = 1.31 USD');

    // The books currency where it is set: the Journal accounts page.
    await page.goto('/pnl-by-month/accounts');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Journal accounts' })).toBeVisible();
    await expect(page.getByRole('table', { name: /^Journal accounts of / })).toBeVisible({ timeout: 60_000 });
    await lookAt(page, 'journal-accounts-books-usd', 'Journal accounts with the books kept in USD');
  } finally {
    if (rateSaved) expect((await send(page, 'POST', '/api/dashboard/fx-rates/undo', {}, month)).status()).toBe(200);
    const reopen = await send(page, 'POST', `/api/dashboard/shops/${gb.id}/books/months/${month}/reopen`, {
      reason: 'end of the browser test',
    });
    expect([200, 409]).toContain(reopen.status());
    expect((await send(page, 'PUT', '/api/dashboard/books/currency', { currency: null })).status()).toBe(200);
  }
});
