import { randomBytes } from 'node:crypto';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { lookAt, signIn, waitForHydration } from './support/dashboard';

// Personal access tokens and live links in the built app: on the Account page the owner makes a
// token (shown once) and, beside the Refunds export, a live link; a program with no cookie reads
// the API with the token and the CSV with the link (the same CSV as the signed-in export); both are
// listed on Account and Team, revoked there, and refused from then on. Account and Team are looked
// at in light and dark at 1440 and 390 px.

test.describe.configure({ mode: 'serial' });

const run = randomBytes(3).toString('hex');
const RANGE = 'range=last-90-days';

test('a token and a live link are made on the Account page and an export, read without a cookie, then revoked and refused', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const page = await (await browser.newContext()).newPage();
  await signIn(page);
  // A program: no cookie, nothing but the token or the link.
  const program = await playwrightRequest.newContext({ baseURL });

  // The token, on the Account page: shown once.
  await page.goto('/account');
  await waitForHydration(page);
  const card = page.getByRole('region', { name: 'Access tokens and live links' });
  await card.getByLabel('Name (what will use it)').fill(`Sheet ${run}`);
  await card.getByLabel('Expires').selectOption({ label: 'In 30 days' });
  await card.getByRole('button', { name: 'Make token' }).click();
  const shown = card.getByLabel('Your new access token');
  await expect(shown).toHaveValue(/^spd_pat_[A-Za-z0-9_-]{43}$/);
  const token = await shown.inputValue();
  const inUse = card.getByRole('list', { name: 'Tokens and live links in use' });
  await expect(inUse.getByText(`Sheet ${run}`)).toBeVisible();
  await expect(inUse).toContainText(token.slice(0, 12));

  const byToken = await program.get('/api/dashboard/shops', { headers: { authorization: `Bearer ${token}` } });
  expect(byToken.status()).toBe(200);
  const signedIn = await page.evaluate(async () => (await (await fetch('/api/dashboard/shops')).json()).data);
  expect((await byToken.json()).data).toEqual(signedIn);
  // Read-only: a write with the token is refused in a sentence.
  const write = await program.patch('/api/dashboard/account', {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: { name: 'Changed by a script' },
  });
  expect(write.status()).toBe(403);
  expect((await write.json()).error.message).toBe(
    'An access token can only read; sign in to the dashboard to change anything. Nothing was changed.',
  );

  // Shown once: after a reload it is listed, never shown again.
  await page.reload();
  await waitForHydration(page);
  await expect(card.getByLabel('Your new access token')).toHaveCount(0);
  await expect(page.getByText(token)).toHaveCount(0);

  // A live link beside the Refunds export.
  await page.goto(`/refunds?${RANGE}`);
  await waitForHydration(page);
  await expect(page.getByRole('table', { name: 'Refund cost per day and category' })).toBeVisible({
    timeout: 90_000,
  });
  await page.getByRole('button', { name: 'Copy a live link' }).click();
  const link = page.getByLabel('Live link of this export');
  await expect(link).toHaveValue(/access_token=spd_live_/);
  const url = new URL(await link.inputValue());
  expect(url.pathname).toMatch(/\/exports\/refunds$/);
  const byLink = await program.get(url.pathname + url.search);
  expect(byLink.status()).toBe(200);
  expect(byLink.headers()['content-type']).toContain('text/csv');
  const exportPath = `${url.pathname}?${[...url.searchParams]
    .filter(([k]) => k !== 'access_token')
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&')}`;
  const signedInCsv = await page.evaluate(async (path) => (await fetch(path)).text(), exportPath);
  // The browser's text() drops the file's byte-order mark (for Excel); the rest is byte for byte.
  expect(await byLink.text()).toBe(`\uFEFF${signedInCsv}`);
  expect(signedInCsv.split('\r\n').length).toBeGreaterThan(1);

  // Both listed on Account (and on Team, for the owner); looked at in light and dark, 1440 and 390 px.
  await page.goto('/account');
  await waitForHydration(page);
  await expect(inUse.getByText(`Sheet ${run}`)).toBeVisible();
  await expect(inUse.getByText(/live link of one export/).first()).toBeVisible();
  await lookAt(page, 'tokens-account', 'the Account page with a token and a live link');
  await page.goto('/team');
  await waitForHydration(page);
  const team = page.getByRole('region', { name: "Everyone's access tokens and live links" });
  await expect(team.getByText(`Sheet ${run}`)).toBeVisible();
  await lookAt(page, 'tokens-team', "the Team page's tokens");

  // Revoked on Account: both refused from then on, with the same sentence.
  await page.goto('/account');
  await waitForHydration(page);
  await inUse.getByRole('button', { name: `Revoke Sheet ${run}` }).click();
  await expect(card.getByRole('status').filter({ hasText: `"Sheet ${run}" is revoked` })).toBeVisible();
  const linkItem = inUse.getByRole('listitem').filter({ hasText: 'live link of one export' }).first();
  const linkName = (await linkItem.locator('strong').innerText()).trim();
  await linkItem.getByRole('button', { name: `Revoke ${linkName}` }).click();
  await expect(card.getByRole('status').filter({ hasText: 'is revoked' })).toBeVisible();

  const refusedToken = await program.get('/api/dashboard/shops', { headers: { authorization: `Bearer ${token}` } });
  const refusedLink = await program.get(url.pathname + url.search);
  expect([refusedToken.status(), refusedLink.status()]).toEqual([401, 401]);
  const sentence = (await refusedToken.json()).error.message;
  expect((await refusedLink.json()).error.message).toBe(sentence);
  expect(sentence).toMatch(/not valid: it is wrong, revoked or expired/);
  await program.dispose();
});
