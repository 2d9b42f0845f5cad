import { formatDay } from '@/lib/format/time';
import { expect, test, type Page } from '@playwright/test';
import { lookAt, signIn, waitForHydration } from './support/dashboard';

// Cost of goods where a seller looks for it: on SKU costs, a unit cost set inline under its row
// (by keyboard, with an error beside its field), shown as yours beside the service's; a CSV of
// unit costs previewed with a refused line, then imported; both taken back by undo. It works on
// the second shop, and undoes what it did, so other specs see the demo data as it was.

test.describe.configure({ mode: 'serial' });

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface FirstSku {
  shopId: string;
  skuId: string;
  sellerSku: string;
  today: string;
}

async function firstSku(page: Page): Promise<FirstSku> {
  return page.evaluate(async () => {
    const shops = (await (await fetch('/api/dashboard/shops')).json()).data.items as { id: string }[];
    const shopId = shops[1]!.id;
    const products = (await (await fetch(`/api/dashboard/shops/${encodeURIComponent(shopId)}/products`)).json())
      .data as { items: { skus: { id: string; sku: string }[] }[]; cogs: { today: string } };
    const sku = products.items[0]!.skus[0]!;
    return { shopId, skuId: sku.id, sellerSku: sku.sku, today: products.cogs.today };
  });
}

async function undo(page: Page, shopId: string): Promise<number> {
  return page.evaluate(
    async (id) =>
      (await fetch(`/api/dashboard/shops/${encodeURIComponent(id)}/your-costs/undo`, { method: 'POST' })).status,
    shopId,
  );
}

test('a unit cost set inline and a CSV of unit costs show on SKU costs as yours; undo takes them back', async ({
  page,
}) => {
  await signIn(page);
  const sku = await firstSku(page);
  await page.goto(`/sku-costs?shop=${encodeURIComponent(sku.shopId)}`);
  await waitForHydration(page);
  const table = page.getByRole('table', { name: 'SKU costs' });
  const row = table.locator('tbody > tr').first();
  const cost = row.locator('td[data-label="Unit cost"]');
  await expect(cost).toContainText('From the service');

  // By keyboard: the button opens the form with focus in the unit cost field.
  await row.getByRole('button', { name: `Set unit cost of ${sku.sellerSku}` }).focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: new RegExp(`^Unit cost of ${sku.sellerSku}`) });
  const field = form.getByLabel(/^Unit cost \(/);
  await expect(field).toBeFocused();
  await expect(form.getByLabel('From')).toHaveValue(sku.today);
  await page.keyboard.type('ten');
  await page.keyboard.press('Enter');
  await expect(form.getByText('Unit cost: must be a number like 12.50')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await lookAt(page, 'sku-costs-inline-form', 'SKU costs with a unit cost form and its error');

  await field.fill('40');
  await page.keyboard.press('Enter');
  // The sentence as every figure reads: money with the shop's currency, the one date style.
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toContainText(
    new RegExp(
      `Set the unit cost of SKU ${escapeRe(sku.sellerSku)} to [^\\d\\s]40\\.00 from ${escapeRe(formatDay(sku.today))}`,
    ),
  );
  await expect(form).toBeHidden();
  await expect(cost).toContainText('40.00');
  await expect(cost).toContainText('Yours, from');
  await expect(cost).toContainText('Service:');
  const change = row.getByRole('button', { name: `Change unit cost of ${sku.sellerSku}` });
  await expect(change).toBeFocused();
  // Escape closes a form without saving, and focus comes back to its button.
  await change.press('Enter');
  await expect(form).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(change).toBeFocused();
  await lookAt(page, 'sku-costs-yours', 'SKU costs with your unit cost');

  // A CSV: a refused line is named with its number; the fixed file imports as one change.
  await page.getByRole('button', { name: 'Import unit costs (CSV)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import unit costs from a CSV' });
  const paste = dialog.getByLabel('Or paste the CSV');
  await paste.fill(`sku_id,unit_cost,from\n${sku.skuId},41.50,${sku.today}\nno-such-sku,1,${sku.today}`);
  await dialog.getByRole('button', { name: 'Check the CSV' }).click();
  await expect(dialog.getByRole('table', { name: 'Problems in the file' })).toContainText('Line 3');
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await paste.fill(`sku_id,unit_cost,from\n${sku.skuId},41.50,${sku.today}`);
  await dialog.getByRole('button', { name: 'Check the CSV' }).click();
  await expect(dialog.getByRole('table', { name: 'Unit costs to import' })).toContainText('41.50');
  await lookAt(page, 'sku-costs-import', 'the unit cost import preview');
  await dialog.getByRole('button', { name: 'Import 1 unit cost' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toContainText(
    `Imported 1 unit cost (${formatDay(sku.today)}), replacing 1 entry`,
  );
  await expect(cost).toContainText('41.50');

  // Both changes are in the Your costs history, each undone whole.
  expect(await undo(page, sku.shopId)).toBe(200);
  expect(await undo(page, sku.shopId)).toBe(200);
  await page.reload();
  await expect(table.locator('tbody > tr').first().locator('td[data-label="Unit cost"]')).toContainText(
    'From the service',
  );
});
