import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DASHBOARD_PAGES, signIn, waitForHydration } from './support/dashboard';

// Every page reads in the seller's words, for the owner and for a viewer without costs and profit,
// at 1440 and 390 px, light and dark: no sideways scroll, no raw code of the interface
// ("AWAITING_SHIPMENT"), no marketplace SKU id where the SKU has a seller SKU, one way to write a
// date ("Nov 26, 2026": never 2026-11-26 or 11/26/2026), and never NaN or undefined.

const VIEWS = [
  { size: 1440, scheme: 'light' },
  { size: 1440, scheme: 'dark' },
  { size: 390, scheme: 'light' },
  { size: 390, scheme: 'dark' },
] as const;
const RAW_CODE = /\b[A-Z]{2,}(?:_[A-Z]{2,})+\b/;
const ISO_DAY = /\b(19|20)\d\d-[01]\d-[0-3]\d\b/;
const NUMERIC_DAY = /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/;
const BROKEN = /\bNaN\b|\bundefined\b|\[object Object\]/;

/** SKU ids of the first shop that have a seller SKU: the page must name those SKUs by it. */
async function skuIdsWithSellerSku(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const shops = (await (await fetch('/api/dashboard/shops')).json()) as { data: { items: { id: string }[] } };
    const id = encodeURIComponent(shops.data.items[0]!.id);
    const res = await fetch(`/api/dashboard/shops/${id}/products?limit=100`);
    const body = (await res.json()) as { data?: { items?: { skus?: { id: string; sku?: string }[] }[] } };
    return (body.data?.items ?? []).flatMap((p) => (p.skus ?? []).filter((s) => s.sku).map((s) => s.id));
  });
}

async function readPage(page: Page, path: string): Promise<string | null> {
  const res = await page.goto(path);
  if (!res || res.status() >= 400) return null;
  await waitForHydration(page);
  // Data arrives after hydration: wait until no skeleton is left (a page still loading says so).
  await expect(page.locator('.skeleton')).toHaveCount(0, { timeout: 60_000 });
  // A setting's name shown to whoever runs the server (`SECRETS_KEY`, in <code>) is an instruction, not a code.
  return page.evaluate(() => {
    let text = document.body.innerText;
    for (const code of document.querySelectorAll('code')) text = text.replaceAll((code as HTMLElement).innerText, '');
    return text;
  });
}

async function walk(page: Page, who: string, skuIds: readonly string[]) {
  const problems: string[] = [];
  for (const { size, scheme } of VIEWS) {
    await page.setViewportSize({ width: size, height: size === 390 ? 844 : 900 });
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of DASHBOARD_PAGES) {
      const text = await readPage(page, path);
      if (text === null) continue; // A page this person may not open (its own test checks the refusal).
      const at = `${who} ${path} at ${size} px ${scheme}`;
      const scroll = await page.evaluate(() => {
        const root = document.scrollingElement ?? document.documentElement;
        return root.scrollWidth - root.clientWidth;
      });
      if (scroll > 0) problems.push(`${at}: scrolls sideways by ${scroll} px`);
      for (const [what, re] of [
        ['a raw code', RAW_CODE],
        ['an ISO date', ISO_DAY],
        ['a numeric date', NUMERIC_DAY],
        ['a broken figure', BROKEN],
      ] as const) {
        const m = re.exec(text);
        if (m) problems.push(`${at}: ${what} "${text.slice(Math.max(0, m.index - 40), m.index + 40)}"`);
      }
      const id = skuIds.find((s) => text.includes(s));
      if (id) problems.push(`${at}: names SKU ${id} by its marketplace id though it has a seller SKU`);
    }
  }
  expect(problems).toEqual([]);
}

async function inviteViewer(owner: Page, browser: Browser): Promise<Page> {
  const run = randomBytes(3).toString('hex');
  await owner.goto('/team');
  await waitForHydration(owner);
  const form = owner.getByRole('region', { name: 'Invite someone' });
  await form.getByLabel('Email').fill(`words-${run}@team.example`);
  await form.getByLabel('Role').selectOption('viewer');
  await form.getByLabel(/Can see costs and profit/).uncheck();
  await form.getByRole('group', { name: 'Shops' }).getByRole('checkbox').first().check();
  await form.getByRole('button', { name: 'Invite' }).click();
  const url = await owner.getByLabel('One-time link').inputValue();
  await owner.getByRole('button', { name: 'Done' }).click();
  const viewer = await (await browser.newContext()).newPage();
  await viewer.goto(url);
  await waitForHydration(viewer);
  await viewer.getByLabel('Your name').fill(`Words ${run}`);
  await viewer.getByLabel('New password').fill('a long and uncommon passphrase');
  await viewer.getByLabel('Repeat the password').fill('a long and uncommon passphrase');
  await viewer.getByRole('button', { name: 'Join' }).click();
  await viewer.waitForURL((u) => !u.pathname.startsWith('/join'));
  return viewer;
}

test('every page, for the owner and a viewer, at 1440 and 390 px, light and dark, reads in the seller’s words', async ({
  browser,
}) => {
  test.setTimeout(900_000);
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner);
  // The default range stored first, so every page shows its figures rather than a sync.
  await owner.goto('/');
  await expect(owner.getByText(/Partial figures/)).toHaveCount(0, { timeout: 240_000 });
  const skuIds = await skuIdsWithSellerSku(owner);
  expect(skuIds.length, 'the demo shop has SKUs with seller SKUs').toBeGreaterThan(0);
  await walk(owner, 'owner', skuIds);
  const viewer = await inviteViewer(owner, browser);
  await walk(viewer, 'viewer', skuIds);
});
