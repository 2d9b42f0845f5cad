import { describe, expect, it } from 'vitest';
import { plainHistory } from '@/lib/costs/history-sentence';
import Papa from 'papaparse';
import type { ProductsData } from '@/lib/api/schemas';
import type { CogsImportPreview } from '@/lib/costs/data';
import type { Product } from '@/lib/contract';
import type { AuditEntry, CogsEntry } from '@/lib/costs/types';
import { addDays, shopLocalDate } from '@/lib/time/dates';
import { toSkuCostRows } from '@/components/sku-costs/sku-cost-rows';
import { body, call, ORIGIN, type ErrorEnvelope, forKind } from '@/tests/integration/api/support';
import { routesShopPerTest } from '@/tests/support/api/routes-fixture';
import { catalogProduct } from '@/tests/support/fixtures';

// The unit cost import of the SKU costs page, in-process over a SQLite store of its own: the
// preview writes nothing, a commit is one history entry that undo takes back whole, and the SKU
// costs answer then counts the seller's unit cost in effect.

const costs = await import('@/app/api/dashboard/shops/[shopId]/your-costs/route');
const cogsImport = await import('@/app/api/dashboard/shops/[shopId]/your-costs/cogs/import/route');
const cogs = forKind(await import('@/app/api/dashboard/shops/[shopId]/your-costs/[kind]/route'), 'cogs');
const undo = await import('@/app/api/dashboard/shops/[shopId]/your-costs/undo/route');
const products = await import('@/app/api/dashboard/shops/[shopId]/products/route');

const PRODUCTS: Product[] = [
  catalogProduct(1, 'Linen shirt', [
    { id: 'sku-1', sku: 'SHIRT-M', price: 60, cogs: 27.6, shippingCost: 2 },
    { id: 'sku-2', sku: '=HYPERLINK("x")', price: 30, cogs: 9.5, shippingCost: 2 },
  ]),
  catalogProduct(2, 'Mug', [
    { id: 'sku-3', sku: 'MUG', price: 12, cogs: 3, shippingCost: 1 },
    { id: 'sku-4', sku: 'MUG', price: 14, cogs: 3.5, shippingCost: 1 },
  ]),
];

/** Each test works on its own shop id of the fake key's list, so their imports never meet. */
const bed = routesShopPerTest(PRODUCTS, 'i', { shopName: 'Import', upstreamCatalog: true });
/** The shop's today (its clock is the fake key's first shop's, America/Los_Angeles). */
const today = () => shopLocalDate(Math.floor(Date.now() / 1000), 'America/Los_Angeles');

type Handler = Parameters<typeof call>[0];
const send = (handler: Handler, method: string, json?: unknown) =>
  call(handler, `/api/dashboard/shops/${bed.shopId}/x`, {
    method,
    cookie: bed.cookie,
    params: { shopId: bed.shopId },
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
const data = async <T>(response: Response) => (await body<{ data: T }>(response)).data;
type ImportAnswer = { preview: CogsImportPreview; committed: boolean; audit?: AuditEntry };
const importCsv = (csv: string, commit = false) => send(cogsImport.POST, 'POST', { csv, commit });
const state = async () =>
  data<{ inputs: { cogs: CogsEntry[] }; audit: AuditEntry[]; undoable: AuditEntry | null }>(
    await send(costs.GET, 'GET'),
  );
/** Each SKU's unit cost as the SKU costs page shows it: the figure, and yours (with its day) or the service's. */
async function skuCostsPage() {
  const answer = await data<ProductsData>(await send(products.GET, 'GET'));
  return Object.fromEntries(
    toSkuCostRows(answer.items, answer.cogs).map((r) => [
      r.sellerSku,
      { cents: r.unit.cogs, yours: r.unitCogs?.yours?.fromDay ?? null, unitProfit: r.unit.unitProfitBeforeFees },
    ]),
  );
}

describe('unit cost import: preview, import, SKU costs, undo', () => {
  it('previews the plan without writing, imports it as one history entry, shows it on SKU costs, and undo takes it all back', async () => {
    const from = addDays(today(), -5);
    const csv = ['Seller SKU,Unit cost,From', `SHIRT-M,40.00,${from}`, `MUG-X,1,${from}`].join('\n');
    // A first file with a refused line: the preview names it, a commit writes nothing.
    const refused = await importCsv(csv);
    expect(refused.status).toBe(200);
    const plan = await data<ImportAnswer>(refused);
    expect(plan.committed).toBe(false);
    expect(plan.preview.errors).toEqual([
      { row: 3, column: 'Seller SKU', message: 'seller SKU "MUG-X" matches no SKU of this shop' },
    ]);
    const commitRefused = await importCsv(csv, true);
    expect(commitRefused.status).toBe(400);
    expect((await body<ErrorEnvelope>(commitRefused)).error.message).toBe(
      '1 row has errors: nothing was imported. Line 3, Seller SKU: seller SKU "MUG-X" matches no SKU of this shop',
    );

    const good = ['seller_sku,sku_id,unit_cost,from_date', `SHIRT-M,,40.00,${from}`, `,sku-4,4.25,${from}`].join('\n');
    const preview = await data<ImportAnswer>(await importCsv(good));
    expect(preview.committed).toBe(false);
    expect(preview.preview.rows.map((r) => [r.row, r.skuId, r.unitCostBeforeCents, r.unitCostCents])).toEqual([
      [2, 'sku-1', 2760, 4000],
      [3, 'sku-4', 350, 425],
    ]);
    expect((await state()).inputs.cogs).toEqual([]);
    expect((await state()).audit).toEqual([]);
    expect((await skuCostsPage())['SHIRT-M']).toEqual({ cents: 2760, yours: null, unitProfit: 6000 - 2760 - 200 });

    const committed = await importCsv(good, true);
    expect(committed.status).toBe(200);
    const done = await data<ImportAnswer>(committed);
    expect(done.committed).toBe(true);
    expect(plainHistory(done.audit!.detail)).toBe(`Imported 2 unit costs (${from})`);
    const after = await state();
    expect(after.inputs.cogs.map((c) => [c.skuId, c.fromDay, c.unitCostCents])).toEqual([
      ['sku-1', from, 4000],
      ['sku-4', from, 425],
    ]);
    expect(after.audit.map((a) => plainHistory(a.detail))).toEqual([`Imported 2 unit costs (${from})`]);
    const page = await skuCostsPage();
    expect(page['SHIRT-M']).toEqual({ cents: 4000, yours: from, unitProfit: 6000 - 4000 - 200 });
    expect(page['=HYPERLINK("x")']).toEqual({ cents: 950, yours: null, unitProfit: 3000 - 950 - 200 });

    const undone = await send(undo.POST, 'POST');
    expect(undone.status).toBe(200);
    const back = await state();
    expect(back.inputs.cogs).toEqual([]);
    expect(back.audit.map((a) => plainHistory(a.detail))).toEqual([
      `Undid: Imported 2 unit costs (${from})`,
      `Imported 2 unit costs (${from})`,
    ]);
    expect((await skuCostsPage())['SHIRT-M']).toEqual({ cents: 2760, yours: null, unitProfit: 3040 });
  });

  it('replaces an entry of the same SKU and day, and undo puts the old one back', async () => {
    const from = addDays(today(), -3);
    const created = await send(cogs.POST, 'POST', { sellerSku: 'SHIRT-M', fromDay: from, unitCost: '30' });
    expect(created.status).toBe(201);
    const { item } = await data<{ item: CogsEntry }>(created);
    const answer = await data<ImportAnswer>(await importCsv(`seller_sku,unit_cost,from\nSHIRT-M,35.5,${from}`, true));
    expect(answer.preview.rows[0]).toMatchObject({
      unitCostBeforeCents: 3000,
      unitCostBeforeSource: 'yours',
      replacesCogsEntry: item.id,
    });
    expect(plainHistory(answer.audit!.detail)).toBe(`Imported 1 unit cost (${from}), replacing 1 entry`);
    expect((await state()).inputs.cogs).toEqual([{ ...item, unitCostCents: 3550 }]);
    await send(undo.POST, 'POST');
    expect((await state()).inputs.cogs).toEqual([item]);
  });

  it('refuses every bad line with its number and reason, and writes nothing', async () => {
    const t = today();
    const csv = [
      'seller_sku,unit_cost,from',
      `NOPE,1,${t}`,
      `MUG,1,${t}`,
      `SHIRT-M,1.234,${t}`,
      'SHIRT-M,1,2026-02-30',
      `SHIRT-M,2,${t}`,
      `SHIRT-M,3,${t}`,
    ].join('\n');
    const preview = (await data<ImportAnswer>(await importCsv(csv))).preview;
    expect(preview.errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [2, 'seller_sku', 'seller SKU "NOPE" matches no SKU of this shop'],
      [3, 'seller_sku', 'seller SKU "MUG" matches 2 SKUs (sku-3, sku-4): give the SKU id instead'],
      [4, 'unit_cost', '"1.234" has more than 2 decimals'],
      [5, 'from', '"2026-02-30" is not a calendar date'],
      [7, 'from', `repeats line 6: SHIRT-M from ${t} is set there already (one unit cost per SKU and day)`],
    ]);
    const refused = await importCsv(csv, true);
    expect(refused.status).toBe(400);
    expect((await body<ErrorEnvelope>(refused)).error.message).toMatch(/^5 rows have errors: nothing was imported\./);
    const nothing = await importCsv(`seller_sku,unit_cost,from\nSHIRT-M,,${t}`, true);
    expect(nothing.status).toBe(400);
    expect((await body<ErrorEnvelope>(nothing)).error.message).toMatch(/^Nothing to import: every line leaves/);
    expect((await state()).inputs.cogs).toEqual([]);
    expect((await state()).audit).toEqual([]);
  });

  it('round trip: the template, two costs changed, imported, shown', async () => {
    const file = await send(cogsImport.GET, 'GET');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="unit-costs_shop-i\d+_[\d-]+\.csv"$/,
    );
    const template = (await file.text()).replace(/^\uFEFF/, '');
    const parsed = Papa.parse<Record<string, string>>(template.trim(), { header: true });
    // No unit cost of yours yet: its day is blank, for the seller to name (never today for every row).
    expect(parsed.data.map((r) => [r.sku_id, r.unit_cost, r.from, r.service_unit_cost])).toEqual([
      ['sku-1', '', '', '27.60'],
      ['sku-2', '', '', '9.50'],
      ['sku-3', '', '', '3.00'],
      ['sku-4', '', '', '3.50'],
    ]);
    // Two costs filled in from a past day: the orders since then count them.
    const past = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    // The neutralised seller SKU still names its SKU: the template carries the SKU id too.
    const changed = parsed.data.map((r) =>
      r.sku_id === 'sku-2'
        ? { ...r, unit_cost: '11.00', from: past }
        : r.sku_id === 'sku-3'
          ? { ...r, unit_cost: '2.75', from: past }
          : r,
    );
    const edited = Papa.unparse(changed);
    const answer = await data<ImportAnswer>(await importCsv(edited, true));
    expect(answer.preview.unchanged).toEqual([2, 5]);
    expect(plainHistory(answer.audit!.detail)).toBe(`Imported 2 unit costs (${past})`);
    const page = await skuCostsPage();
    expect(page['=HYPERLINK("x")']).toMatchObject({ cents: 1100, yours: past });
    // The next template dates that cost at the day it starts.
    const again = await send(cogsImport.GET, 'GET');
    expect(await again.text()).toContain(`MUG,sku-3,Mug,2.75,${past},3.00\r\n`);
  });
});
