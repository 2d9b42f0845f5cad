import { expect, type Browser, type Page } from '@playwright/test';
import { waitForHydration } from './dashboard';

// People of the team in the built app: the owner invites from the Team page, the invitee joins
// from the one-time link with a name and a password, as a person does.

export const TEAM_PASSWORD = 'a long and uncommon passphrase';

/** Invites `email` for the first shop from the Team page (open on `page`); returns the one-time link. */
export async function invite(
  page: Page,
  email: string,
  role: 'editor' | 'viewer',
  seesProfit: boolean,
): Promise<string> {
  const form = page.getByRole('region', { name: 'Invite someone' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Role').selectOption(role);
  const figures = form.getByLabel(/Can see costs and profit/);
  if (seesProfit) await figures.check();
  else await figures.uncheck();
  await form.getByRole('group', { name: 'Shops' }).getByRole('checkbox').first().check();
  await form.getByRole('button', { name: 'Invite' }).click();
  const link = page.getByLabel('One-time link');
  await expect(link).toHaveValue(new RegExp(`/join/`));
  const url = await link.inputValue();
  await page.getByRole('button', { name: 'Done' }).click();
  return url;
}

/** Joins from the link in a browser context of its own; returns the signed-in page. */
export async function join(browser: Browser, url: string, name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(url);
  await waitForHydration(page);
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('New password').fill(TEAM_PASSWORD);
  await page.getByLabel('Repeat the password').fill(TEAM_PASSWORD);
  await page.getByRole('button', { name: 'Join' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/join'));
  return page;
}
