import { expect, test, type Page } from '@playwright/test';
import { lookAt, saveScreenshot, signIn, waitForHydration } from './support/dashboard';

// Profit that comes to you, in the built app: the owner sets a rule that holds on the demo data
// (an order with a negative net profit: the demo sells two products below cost), the shop's sync
// evaluates it, the alert reaches the inbox and the header's bell, its "Show" link opens the orders
// view of that very order, and reading it takes the bell's count down.

test.describe.configure({ mode: 'serial' });

const bell = (page: Page) => page.getByRole('link', { name: /^Alerts, \d+ unread$/ });
const unreadOf = async (page: Page) =>
  Number((await bell(page).getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1]);
const lossAlerts = (page: Page) => page.getByRole('article', { name: /^Order .+ lost / });

test('an order-loss rule alerts after the sync; the bell counts it, Show opens the order, reading it counts down', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  const shops = await page.evaluate(
    async () => (await (await fetch('/api/dashboard/shops')).json()).data.items as { id: string; shopName: string }[],
  );
  const shop = shops[0]!;

  await page.goto(`/alerts?shop=${encodeURIComponent(shop.id)}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Add rule' });
  await form.getByLabel('When').selectOption({ label: 'An order loses money' });
  await form.getByLabel('Shop', { exact: true }).selectOption({ label: shop.shopName });
  await form.getByLabel(/^Loses more than/).fill('0');
  // The kind's own check runs in the page first: a cooldown of 0 hours is refused with its sentence.
  await form.getByLabel(/Alert again after/).fill('0');
  await form.getByRole('button', { name: 'Add rule' }).click();
  await expect(form.getByRole('alert')).toHaveText('The cooldown must be at least 1');
  await form.getByLabel(/Alert again after/).fill('24');
  await form.getByRole('button', { name: 'Add rule' }).click();
  await expect(form.getByRole('status')).toContainText('Added: An order has a negative net profit');
  const rules = page.getByRole('table', { name: 'Alert rules' });
  const rule = rules.getByRole('row').filter({ hasText: 'An order has a negative net profit' }).last();
  await expect(rule).toContainText(shop.shopName);

  // The shop's sync evaluates its rules when it ends: open the overview and let it finish.
  await page.goto(`/?shop=${encodeURIComponent(shop.id)}`);
  await expect(page.getByText('Bottom line', { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 90_000 });

  // The evaluation follows the sync; a later sync (the viewed shop's refresh) evaluates again.
  await page.goto(`/alerts?shop=${encodeURIComponent(shop.id)}`);
  await expect
    .poll(
      async () => {
        await page.reload();
        await waitForHydration(page);
        await page.getByRole('heading', { name: /^Inbox/ }).waitFor();
        return lossAlerts(page).count();
      },
      { timeout: 60_000, intervals: [2_000, 3_000, 5_000] },
    )
    .toBeGreaterThan(0);
  const alert = lossAlerts(page).first();
  const title = (await alert.getByRole('heading').innerText()).trim();
  const orderNumber = title.match(/^Order (\S+) lost/)![1]!;
  await expect(alert).toContainText(shop.shopName);
  await expect(alert).toContainText('Still open');
  await expect(alert).toContainText(/Figure: -\S+ \(compared with \S+\)/);
  const unread = await unreadOf(page);
  expect(unread).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: /^Inbox/ })).toContainText(`${unread} unread`);
  await lookAt(page, 'alerts', 'the Alerts page');

  // "Show" opens the orders of that shop and day, filtered to that order.
  await alert.getByRole('link', { name: `Show: ${title}` }).click();
  await expect(page).toHaveURL(/^[^?]*\/orders\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('shop')).toBe(shop.id);
  expect(url.searchParams.get('range')).toBe('custom');
  expect(url.searchParams.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(url.searchParams.get('to')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const orders = page.getByRole('table', { name: 'Orders' });
  await expect(orders).toBeVisible({ timeout: 60_000 });
  await expect(orders.locator('tbody > tr:not(.expanded-row)').first()).toContainText(orderNumber);

  // Reading it: the inbox and the bell count one fewer.
  await page.goto(`/alerts?shop=${encodeURIComponent(shop.id)}`);
  await waitForHydration(page);
  const same = page.getByRole('article', { name: title });
  await same.getByRole('button', { name: `Mark read: ${title}` }).click();
  await expect(same.getByRole('button', { name: /^Mark read/ })).toHaveCount(0);
  await expect(bell(page)).toHaveAttribute('aria-label', `Alerts, ${unread - 1} unread`);

  // Everything read at once; then the rule goes.
  if (unread > 1) await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell(page)).toHaveAttribute('aria-label', 'Alerts, 0 unread');
  await expect(page.getByRole('button', { name: 'Mark all read' })).toHaveCount(0);
  await rule.getByRole('button', { name: 'Remove…' }).click();
  await rule.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The rule was removed.' })).toBeVisible();
});

test('a channel the server refuses says why beside the form; a test of one says what happened', async ({ page }) => {
  await signIn(page);
  await page.goto('/alerts');
  await waitForHydration(page);
  const form = page.getByRole('form', { name: 'Add a channel' });
  await form.getByLabel('Kind').selectOption({ label: 'Email' });
  await form.getByLabel('Name').fill('Ops inbox');
  await form.getByLabel('Email address').fill('not an address');
  await form.getByRole('button', { name: 'Add channel' }).click();
  await expect(form.getByRole('alert')).toContainText('must be an email address');
  await form.getByLabel('Email address').fill('ops@shop.example');
  await form.getByRole('button', { name: 'Add channel' }).click();
  await expect(form.getByRole('status')).toHaveText('Added “Ops inbox”.');
  const row = page.getByRole('table', { name: 'Channels' }).getByRole('row').filter({ hasText: 'Ops inbox' });
  await expect(row).toContainText('ops@shop.example');
  await expect(row).toContainText('None yet');
  await row.getByRole('button', { name: 'Send test' }).click();
  const channels = page.getByRole('region', { name: 'Channels' });
  await expect(channels.getByText(/^Test to “Ops inbox”: (Delivered|Not delivered)/)).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('cell').nth(3)).toHaveText(/^(Sent|Failed|Retrying) · /);
  await expect(
    page.getByRole('table', { name: 'Delivery log' }).getByRole('row').filter({ hasText: 'Test message' }).first(),
  ).toContainText('Ops inbox');
  await row.getByRole('button', { name: 'Remove…' }).click();
  await row.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(channels.getByRole('status').filter({ hasText: 'Removed “Ops inbox”.' })).toBeVisible();
});

test('the Account page keeps the digest choices', async ({ page }) => {
  await signIn(page);
  await page.goto('/account');
  await waitForHydration(page);
  const card = page.getByRole('region', { name: 'Daily digest' });
  await card.getByRole('checkbox', { name: /^Daily/ }).check();
  await card.getByLabel(/^Send at/).selectOption('07:00');
  await card.getByRole('button', { name: 'Save digest' }).click();
  await expect(card.getByRole('status')).toHaveText('Your digest choices are saved.');
  await page.reload();
  await expect(card.getByRole('checkbox', { name: /^Daily/ })).toBeChecked();
  await expect(card.getByLabel(/^Send at/)).toHaveValue('7');
  await saveScreenshot(page, 'account-digest-1440-light');
});
