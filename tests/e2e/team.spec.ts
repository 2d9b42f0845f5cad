import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, saveScreenshot, signIn, waitForHydration } from './support/dashboard';
import { invite, join } from './support/team';

// Team access in the built app: the owner invites an editor for one shop and a viewer who must not
// see costs and profit; each joins from their one-time link and sees exactly their part; the
// editor's cost change carries their name; the owner removes the viewer, whose next click lands on
// the sign-in page.

test.describe.configure({ mode: 'serial' });

const run = randomBytes(3).toString('hex');

const navLinks = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link');

test('an editor for one shop and a viewer without costs and profit each see exactly their part; a removed viewer is signed out on the next click', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner);
  await owner.goto('/team');
  await waitForHydration(owner);
  await expect(owner.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  const firstShop = await owner
    .getByRole('region', { name: 'Invite someone' })
    .getByRole('group', { name: 'Shops' })
    .getByRole('checkbox')
    .first()
    .evaluate((input) => input.parentElement?.textContent?.trim() ?? '');
  await expectAccessible(owner, 'the Team page');

  const editorUrl = await invite(owner, `eddie-${run}@team.example`, 'editor', true);
  const viewerUrl = await invite(owner, `vic-${run}@team.example`, 'viewer', false);
  await saveScreenshot(owner, 'team-invited');

  // The editor: one shop, the cost pages, no Team page; their change carries their name.
  const editor = await join(browser, editorUrl, `Eddie ${run}`);
  await expect(navLinks(editor)).toHaveText([
    'Overview',
    'Orders',
    'SKU profit',
    'Refunds',
    'Settlement',
    'All shops',
    'Pricing',
    'P&L by month',
    'Journal accounts',
    'SKU costs',
    'Your costs',
    'Alerts',
  ]);
  const editorShops = await editor.evaluate(
    async () => (await (await fetch('/api/dashboard/shops')).json()).data.items,
  );
  expect(editorShops.map((s: { shopName: string }) => s.shopName)).toEqual([firstShop]);
  await editor.goto('/your-costs?range=custom&from=2025-06-01&to=2025-06-30');
  await waitForHydration(editor);
  const form = editor.getByRole('form', { name: 'Add an expense' });
  await form.getByLabel('Name').fill(`Team rent ${run}`);
  await form.getByLabel(/^Amount per month/).fill('12');
  await form.getByRole('button', { name: 'Add expense' }).click();
  const history = editor.getByRole('region', { name: 'History', exact: true });
  await expect(history.getByRole('listitem').first()).toContainText(`by Eddie ${run}`);
  await expect(history.getByRole('button', { name: new RegExp(`^Undo Eddie ${run}’s change`) })).toBeVisible();
  expect((await editor.goto('/team'))?.status()).toBe(403);
  // The upstream keys are the owner's alone.
  expect((await editor.goto('/connections'))?.status()).toBe(403);
  await expect(editor.getByText(/You don't have access to Connections: .* only the owner manages/)).toBeVisible();

  // The viewer without costs and profit: sales pages only, no profit column, the cost pages do not exist.
  const viewer = await join(browser, viewerUrl, `Vic ${run}`);
  await expect(navLinks(viewer)).toHaveText(['Overview', 'Orders', 'Refunds', 'All shops', 'Alerts']);
  await viewer.goto('/orders');
  await waitForHydration(viewer);
  const table = viewer.getByRole('table', { name: 'Orders' });
  await expect(table).toBeVisible({ timeout: 60_000 });
  const headers = await table.getByRole('columnheader').allInnerTexts();
  expect(headers.join(' | ')).toContain('Net sales');
  expect(headers.join(' | ')).not.toMatch(/profit|margin|costs/i);
  await expect(viewer.getByText(/net profit/i)).toHaveCount(0);
  await saveScreenshot(viewer, 'orders-sales-only');
  // A page closed to them (a shared link, say) keeps the frame: which page, why, whom to ask, a way back.
  expect((await viewer.goto('/sku-profit?range=last-7-days'))?.status()).toBe(403);
  await expect(viewer.getByRole('heading', { level: 1, name: 'SKU profit' })).toBeVisible();
  await expect(
    viewer.getByText(
      "You don't have access to SKU profit: it shows costs and profit, which your account doesn't include. Ask the shop's owner or an admin.",
    ),
  ).toBeVisible();
  await expect(navLinks(viewer)).toHaveText(['Overview', 'Orders', 'Refunds', 'All shops', 'Alerts']);
  await expect(viewer.getByRole('main').getByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/');
  await expectAccessible(viewer, 'the no-access page');
  await saveScreenshot(viewer, 'no-access');
  // An address with no page is a 404 in the same frame.
  expect((await viewer.goto('/no-such-page'))?.status()).toBe(404);
  await expect(viewer.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(navLinks(viewer)).toHaveText(['Overview', 'Orders', 'Refunds', 'All shops', 'Alerts']);
  await waitForHydration(viewer);
  await viewer.getByRole('main').getByRole('link', { name: 'Orders' }).click();
  await viewer.waitForURL(/\/orders/);
  // Alerts: a viewer reads the inbox and the rules (and may mute them), adds none, sees no channels.
  await viewer.goto('/alerts');
  await waitForHydration(viewer);
  await expect(viewer.getByRole('heading', { level: 2, name: 'Rules' })).toBeVisible();
  await expect(viewer.getByText(/Viewers read and mute rules/)).toBeVisible();
  await expect(viewer.getByRole('form', { name: 'Add rule' })).toHaveCount(0);
  await expect(viewer.getByRole('region', { name: 'Channels' })).toHaveCount(0);
  await viewer.goto('/orders');
  await waitForHydration(viewer);

  // The owner removes the viewer; the viewer's next click lands on the sign-in page.
  await owner.reload();
  await waitForHydration(owner);
  owner.once('dialog', (dialog) => void dialog.accept());
  await owner.getByRole('button', { name: `Remove Vic ${run}` }).click();
  await expect(owner.getByRole('status').filter({ hasText: `Removed Vic ${run}` })).toBeVisible();
  await navLinks(viewer).filter({ hasText: 'Overview' }).click();
  await viewer.waitForURL(/\/login/, { timeout: 30_000 });
});
