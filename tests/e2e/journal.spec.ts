import { readFileSync } from 'node:fs';
import { expect, test, type Download } from '@playwright/test';
import Papa from 'papaparse';
import { lookAt, signIn, waitForHydration } from './support/dashboard';

// The journal in the built app: the accounts page lists every line with its account and where it
// comes from; the owner sets the account of gross sales for this shop; the P&L by month downloads a
// month's journal for Xero and for QuickBooks, balanced, with that account. Both pages looked at in
// light and dark at 1440 and 390 px.

async function csvOf(download: Download) {
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = Papa.parse<Record<string, string>>(bytes.toString('utf8').slice(1), {
    header: true,
    skipEmptyLines: true,
  });
  expect(csv.errors).toEqual([]);
  return csv;
}
const cents = (text: string | undefined) => (text ? Math.round(Number(text) * 100) : 0);

test('set an account, then download a month’s journal for Xero and QuickBooks', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);

  await page.goto('/pnl-by-month/accounts');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Journal accounts' })).toBeVisible();
  const table = page.getByRole('table', { name: /^Journal accounts of / });
  const code = (line: string) => page.getByRole('textbox', { name: `Account code of ${line}`, exact: true });
  const gross = table.getByRole('row').filter({ has: code('Gross sales') });
  await expect(gross.getByRole('textbox', { name: 'Account code of Gross sales', exact: true })).toHaveValue('4000');
  await expect(gross.getByText('Default')).toBeVisible();
  await expect(table).toBeVisible();

  await gross.getByRole('textbox', { name: 'Account code of Gross sales', exact: true }).fill('S 1');
  await expect(gross.getByRole('alert')).toContainText('1 to 10 letters');
  await expect(page.getByRole('button', { name: /^Save 1 change/ })).toBeDisabled();
  await gross.getByRole('textbox', { name: 'Account code of Gross sales', exact: true }).fill('S-100');
  await gross.getByRole('textbox', { name: 'Account name of Gross sales', exact: true }).fill('Shop sales');
  await page.getByRole('button', { name: 'Save 1 change' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Saved 1 account/ })).toBeVisible();
  await expect(gross.getByRole('button', { name: 'Reset Gross sales' })).toBeVisible();
  await lookAt(page, 'journal-accounts', 'Journal accounts');

  await page.getByRole('link', { name: 'Back to the P&L by month' }).click();
  await page.goto('/pnl-by-month?range=last-90-days');
  await waitForHydration(page);
  await expect(page.getByRole('table', { name: /Profit and loss by month/ })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 120_000 });
  const journal = page.getByRole('region', { name: 'Journal for your books' });
  const month = journal.getByLabel('Month');
  const options = await month.locator('option').allInnerTexts();
  await month.selectOption({ label: options.at(-2)! });

  const xeroDownload = page.waitForEvent('download');
  await journal.getByRole('button', { name: 'Journal for Xero' }).click();
  const xeroFile = await xeroDownload;
  expect(xeroFile.suggestedFilename()).toMatch(/^journal-xero_[a-z0-9-]+_\d{4}-\d{2}_draft\.csv$/);
  const xero = await csvOf(xeroFile);
  expect(xero.meta.fields?.slice(0, 6)).toEqual([
    '*Narration',
    '*Date',
    'Description',
    '*AccountCode',
    '*TaxRate',
    '*Amount',
  ]);
  expect(xero.data.reduce((a, r) => a + cents(r['*Amount']), 0)).toBe(0);
  expect(xero.data.find((r) => r.Description === 'Gross sales')?.['*AccountCode']).toBe('S-100');
  await expect(journal.getByRole('status')).toContainText('Saved the Xero journal');

  const qboDownload = page.waitForEvent('download');
  await journal.getByRole('button', { name: 'Journal for QuickBooks' }).click();
  const qbo = await csvOf(await qboDownload);
  expect(qbo.meta.fields).toEqual([
    'Journal No.',
    'Journal Date',
    'Account Name',
    'Debits',
    'Credits',
    'Description',
    'Class',
  ]);
  const sum = (col: string) => qbo.data.reduce((a, r) => a + cents(r[col]), 0);
  expect(sum('Debits')).toBe(sum('Credits'));
  expect(qbo.data.find((r) => r.Description?.endsWith(': Gross sales'))?.['Account Name']).toBe('Shop sales');

  await journal.scrollIntoViewIfNeeded();
  await lookAt(page, 'pnl-journal', 'P&L by month with the journal download');
});
