import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { cents, expectAccessible, saveScreenshot, SCREENSHOT_DIR, signIn, waitForHydration } from './support/dashboard';

// The seller's own costs, in the built app with demo data: a CSV import that refuses a bad line
// and names it, an edit that survives a reload, an undo, and a validation error beside its field.
// Each test works in its own past month of the first shop, so they never see each other's rows.

test.describe.configure({ mode: 'serial' });

// A retry runs the serial group again on the same server: start it from a shop without inputs
// (restoring a backup that holds only its header empties them, as one undoable change).
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page);
  const status = await page.evaluate(async () => {
    const shops = (await (await fetch('/api/dashboard/shops')).json()).data.items as { id: string }[];
    const path = `/api/dashboard/shops/${shops[0]!.id}/your-costs/backup`;
    const header = (await (await fetch(path)).text()).replace(/^\uFEFF/, '').split(/\r?\n/)[0];
    const r = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ csv: header, commit: true }),
    });
    return r.status;
  });
  expect(status).toBe(200);
  await page.close();
});

function month(year: number, m: number): { from: string; to: string; days: string[] } {
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  const days = Array.from({ length: last }, (_, i) => `${year}-${pad(m)}-${pad(i + 1)}`);
  return { from: days[0]!, to: days[days.length - 1]!, days };
}

async function openCosts(page: Page, range: { from: string; to: string }): Promise<void> {
  await page.goto(`/your-costs?range=custom&from=${range.from}&to=${range.to}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your costs' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Ad spend' })).toBeVisible();
  await waitForHydration(page);
}

function csvFile(text: string) {
  return { name: 'ad-spend.csv', mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') };
}

test('an ad spend CSV with a bad line is refused and named; the fixed file imports', async ({ page }) => {
  const january = month(2025, 1);
  // One line a day, 10.01 … 10.31 (line n+1 holds day n): 31 rows, 310 + 4.96 in all.
  const lines = january.days.map((day, i) => `${day},${(10 + (i + 1) / 100).toFixed(2)},Winter search`);
  const bad = [...lines];
  bad[6] = '2025-01-32,10.07,Winter search'; // file line 8: a day January does not have
  await signIn(page);
  await openCosts(page, january);
  const adSpend = page.getByRole('region', { name: 'Ad spend', exact: true });
  await expect(adSpend.getByText('No ad spend in this range')).toBeVisible();

  await adSpend.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import ad spend from a CSV' });
  await expect(dialog.getByText('seller_sku', { exact: true })).toBeVisible();
  await dialog.getByLabel('CSV file').setInputFiles(csvFile(['date,spend,campaign', ...bad].join('\n')));
  const problems = dialog.getByRole('table', { name: 'Problems in the file' });
  await expect(problems).toBeVisible();
  const problem = problems.locator('tbody tr');
  await expect(problem).toHaveCount(1);
  await expect(problem.getByRole('rowheader')).toHaveText('Line 8');
  await expect(problem.locator('[data-label="Column"]')).toHaveText(/date/i);
  await expect(dialog.getByRole('button', { name: /^Import/ })).toBeDisabled();
  await expectAccessible(page, 'the import dialog with a bad line');
  await saveScreenshot(page, 'your-costs-import-error');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Nothing was saved.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Ad spend', exact: true }).getByText('No ad spend in this range'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Import CSV' }).click();
  await dialog.getByLabel('CSV file').setInputFiles(csvFile(['date,spend,campaign', ...lines].join('\n')));
  await expect(dialog.getByText(/31 rows from Jan 1 – Jan 31, 2025, .*314\.96 in all/)).toBeVisible();
  await expect(dialog.getByText('No ad spend is entered on those days yet.')).toBeVisible();
  await expect(problems).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Import 31 rows' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  const table = page.getByRole('table', { name: 'Ad spend entries' });
  await expect(table.locator('tbody tr')).toHaveCount(31);
  await expect(table.locator('tbody tr').first().getByRole('rowheader')).toHaveText('Jan 31, 2025');
  await expect(page.getByRole('region', { name: 'Ad spend', exact: true }).locator('.page-summary')).toContainText(
    /31 entries, .*314\.96 in all/,
  );
  await page.reload();
  await expect(page.getByRole('table', { name: 'Ad spend entries' }).locator('tbody tr')).toHaveCount(31);
});

/** The expense row of a name (its row header). */
function expenseRow(page: Page, name: string) {
  return page.getByRole('table', { name: 'Other expenses' }).getByRole('row', { name: new RegExp(`^${name}\\b`) });
}

async function addMonthlyExpense(page: Page, name: string, amount: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Add an expense' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel(/^Amount per month/).fill(amount);
  await form.getByRole('button', { name: 'Add expense' }).click();
  await expect(expenseRow(page, name)).toBeVisible();
}

async function editExpenseAmount(page: Page, name: string, amount: string): Promise<void> {
  await expenseRow(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const form = page.getByRole('form', { name: `Edit ${name}` });
  await form.getByLabel(/^Amount per month/).fill(amount);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toBeHidden();
}

test('an edited monthly expense shows its new amount after a reload', async ({ page }) => {
  await signIn(page);
  await openCosts(page, month(2025, 2));
  await addMonthlyExpense(page, 'E2E warehouse', '300');
  const row = expenseRow(page, 'E2E warehouse');
  expect(cents(await row.locator('[data-label="Amount"]').innerText())).toBe(300_00);
  await expect(row.locator('[data-label="Per day"]')).toContainText(/≈ .*9\.86 per day/);
  await editExpenseAmount(page, 'E2E warehouse', '350.25');
  await page.reload();
  expect(cents(await expenseRow(page, 'E2E warehouse').locator('[data-label="Amount"]').innerText())).toBe(350_25);
});

test('"Undo last change" names the change, restores the state before it, and the history shows the undo', async ({
  page,
}) => {
  await signIn(page);
  await openCosts(page, month(2025, 3));
  await addMonthlyExpense(page, 'E2E software', '49');
  await editExpenseAmount(page, 'E2E software', '59');
  expect(cents(await expenseRow(page, 'E2E software').locator('[data-label="Amount"]').innerText())).toBe(59_00);

  const history = page.getByRole('region', { name: 'History', exact: true });
  // The button names whose change it takes back (the demo owner's here).
  const undo = history.getByRole('button', { name: /^Undo Owner’s change: / });
  const undoLabel = (await undo.innerText()).replace(/^Undo Owner’s change: /, '');
  await expect(history.getByRole('listitem').first()).toContainText(undoLabel);
  await undo.click();
  await expect
    .poll(async () => cents(await expenseRow(page, 'E2E software').locator('[data-label="Amount"]').innerText()))
    .toBe(49_00);

  await page.reload();
  expect(cents(await expenseRow(page, 'E2E software').locator('[data-label="Amount"]').innerText())).toBe(49_00);
  // The newest entry is the undo, naming what it reverted; the edit itself is marked undone.
  const items = page.getByRole('region', { name: 'History', exact: true }).getByRole('listitem');
  await expect(items.first()).toContainText(/^.*Undid/);
  await expect(items.first()).toContainText(undoLabel);
  await expect(items.nth(1)).toContainText(undoLabel);
  await expect(items.nth(1)).toContainText('undone');
  await expect(page.getByRole('button', { name: /^Undo / })).not.toHaveText(`Undo Owner’s change: ${undoLabel}`);
});

test('a validation error shows beside its field and keeps what was typed', async ({ page }) => {
  await signIn(page);
  await openCosts(page, month(2025, 4));
  const form = page.getByRole('form', { name: 'Add ad spend' });
  await form.getByLabel('Day').fill('2025-04-03');
  await form.getByLabel(/^Amount/).fill('12.345');
  await form.getByLabel('Campaign (optional)').fill('Spring launch');
  await form.getByRole('button', { name: 'Add ad spend' }).click();
  const amount = form.getByLabel(/^Amount/);
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription(/^amount: .*2 decimals/);
  await expect(amount).toHaveValue('12.345');
  await expect(form.getByLabel('Campaign (optional)')).toHaveValue('Spring launch');
  await expect(form.getByLabel('Day')).toHaveValue('2025-04-03');
  await expect(
    page.getByRole('region', { name: 'Ad spend', exact: true }).getByText('No ad spend in this range'),
  ).toBeVisible();
  await saveScreenshot(page, 'your-costs-validation');

  // Fixed, it saves, and the form is ready for the next day's entry.
  await amount.fill('12.35');
  await form.getByRole('button', { name: 'Add ad spend' }).click();
  await expect(page.getByRole('table', { name: 'Ad spend entries' }).locator('tbody tr')).toHaveCount(1);
  await expect(amount).toHaveValue('');
  await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
});

test('when the form’s own checks cannot load, the server’s check shows beside the field all the same', async ({
  page,
}) => {
  await signIn(page);
  await openCosts(page, month(2025, 4));
  // The connection drops once the page is up: no more scripts arrive (the form loads its checks on first use).
  await page.route('**/_next/static/chunks/**', (route) => route.abort());
  const form = page.getByRole('form', { name: 'Add ad spend' });
  await form.getByLabel('Day').fill('2025-04-03');
  await form.getByLabel(/^Amount/).fill('12.345');
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/your-costs/ad-spend'));
  await form.getByRole('button', { name: 'Add ad spend' }).click();
  await sent;
  const amount = form.getByLabel(/^Amount/);
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription(/^amount: .*2 decimals/);
  await expect(amount).toHaveValue('12.345');
});

test('an import that repeats a line shows the repeats and asks; without them the spend counts once', async ({
  page,
}) => {
  const june = month(2025, 6);
  await signIn(page);
  await openCosts(page, june);
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import ad spend from a CSV' });
  const file = ['date,spend,campaign', '2025-06-02,20.00,Summer', '2025-06-03,5,', '2025-06-02,20,Summer'].join('\n');
  await dialog.getByLabel('CSV file').setInputFiles(csvFile(file));
  await expect(dialog.getByText(/1 row repeats an earlier row exactly .*: lines 2 and 4\./)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import every row (3 rows)' })).toBeEnabled();
  await saveScreenshot(page, 'your-costs-import-duplicates');
  await dialog.getByRole('button', { name: 'Import without the duplicates (2 rows)' }).click();
  await expect(dialog).toBeHidden();
  const table = page.getByRole('table', { name: 'Ad spend entries' });
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Ad spend', exact: true }).locator('.page-summary')).toContainText(
    /2 entries, .*25\.00 in all/,
  );
});

test('a date a year ahead is refused beside its field; one more than a month ahead saves with a warning', async ({
  page,
}) => {
  await signIn(page);
  await openCosts(page, month(2025, 7));
  const form = page.getByRole('form', { name: 'Add ad spend' });
  const today = await form.getByLabel('Day').inputValue();
  const later = (days: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  await form.getByLabel('Day').fill(later(400));
  await form.getByLabel(/^Amount/).fill('9.99');
  await form.getByRole('button', { name: 'Add ad spend' }).click();
  const day = form.getByLabel('Day');
  await expect(day).toHaveAttribute('aria-invalid', 'true');
  await expect(day).toHaveAccessibleDescription(
    new RegExp(`^day: ${later(400)} is more than a year after today \\(${today}`),
  );
  await expect(form.getByLabel(/^Amount/)).toHaveValue('9.99');
  await day.fill(later(40));
  await form.getByRole('button', { name: 'Add ad spend' }).click();
  await expect(form.getByLabel(/^Amount/)).toHaveValue('');
  // Saved; the day the form keeps for the next entry still carries its warning.
  await expect(day).toHaveAccessibleDescription(`${later(40)} is 40 days after today (${today}): check the date`);
  // The saved entry is in its own month: open it to see it.
  await openCosts(page, { from: later(40), to: later(40) });
  await expect(page.getByRole('table', { name: 'Ad spend entries' }).locator('tbody tr')).toHaveCount(1);
  await page.getByRole('button', { name: /^Undo / }).click();
  await expect(
    page.getByRole('region', { name: 'Ad spend', exact: true }).getByText('No ad spend in this range'),
  ).toBeVisible();
});

const shots = [
  { size: '1440', options: { viewport: { width: 1440, height: 900 } } },
  { size: '390', options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

for (const { size, options } of shots) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`the page at ${size} px, ${scheme}: fits, passes axe, screenshots`, async ({ browser }) => {
      const context = await browser.newContext({
        ...options,
        colorScheme: scheme,
        baseURL: test.info().project.use.baseURL,
      });
      const page = await context.newPage();
      await signIn(page);
      // January 2025 holds the imported month (first test): the list as a seller sees it.
      await openCosts(page, month(2025, 1));
      await expect(page.getByRole('table', { name: 'Ad spend entries' }).locator('tbody tr').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `/your-costs fits ${size} px`).toBeLessThanOrEqual(0);
      await expectAccessible(page, `/your-costs at ${size} px (${scheme})`);
      await saveScreenshot(page, `your-costs-${size}-${scheme}`);
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const top = join(SCREENSHOT_DIR, `your-costs-${size}-${scheme}-top.png`);
      await page.screenshot({ path: top });
      if ((size === '1440' && scheme === 'light') || (size === '390' && scheme === 'dark')) {
        copyFileSync(top, join(process.cwd(), 'docs', 'screenshots', `your-costs-${size}-${scheme}.png`));
      }
      await context.close();
    });
  }
}
