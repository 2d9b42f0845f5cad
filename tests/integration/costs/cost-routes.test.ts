import { describe, expect, it } from 'vitest';
import { plainHistory } from '@/lib/costs/history-sentence';
import type { HistoryDetail } from '@/lib/costs/history';
import type { Product } from '@/lib/contract';
import { body, call, ORIGIN, type ErrorEnvelope, forKind } from '@/tests/integration/api/support';
import { routesShopPerTest } from '@/tests/support/api/routes-fixture';
import { catalogProduct } from '@/tests/support/fixtures';

// The cost-input API in-process, over a SQLite store of its own: what a seller's browser meets.

const costs = await import('@/app/api/dashboard/shops/[shopId]/your-costs/route');
const adSpend = forKind(await import('@/app/api/dashboard/shops/[shopId]/your-costs/[kind]/route'), 'ad-spend');
const adSpendEntry = forKind(
  await import('@/app/api/dashboard/shops/[shopId]/your-costs/[kind]/[id]/route'),
  'ad-spend',
);
const adImport = await import('@/app/api/dashboard/shops/[shopId]/your-costs/ad-spend/import/route');
const expenses = forKind(await import('@/app/api/dashboard/shops/[shopId]/your-costs/[kind]/route'), 'expenses');
const expenseEntry = forKind(
  await import('@/app/api/dashboard/shops/[shopId]/your-costs/[kind]/[id]/route'),
  'expenses',
);
const cogs = forKind(await import('@/app/api/dashboard/shops/[shopId]/your-costs/[kind]/route'), 'cogs');
const cogsEntry = forKind(await import('@/app/api/dashboard/shops/[shopId]/your-costs/[kind]/[id]/route'), 'cogs');
const backup = await import('@/app/api/dashboard/shops/[shopId]/your-costs/backup/route');
const undo = await import('@/app/api/dashboard/shops/[shopId]/your-costs/undo/route');
const fxRates = await import('@/app/api/dashboard/fx-rates/route');
const fxEntry = await import('@/app/api/dashboard/fx-rates/[id]/route');
const fxUndo = await import('@/app/api/dashboard/fx-rates/undo/route');

const PRODUCTS: Product[] = [
  catalogProduct(1, 'Linen shirt', [
    { id: 'sku-1', sku: 'SHIRT-M', price: 30, cogs: 9.5, shippingCost: 2 },
    { id: 'sku-2', sku: '=HYPERLINK("x")', price: 30, cogs: 9.5, shippingCost: 2 },
  ]),
];

/** Each test works on its own shop id of the fake key's list, so their inputs never meet. */
const bed = routesShopPerTest(PRODUCTS, 'c');

type Handler = Parameters<typeof call>[0];
const send = (
  handler: Handler,
  method: string,
  path: string,
  json?: unknown,
  extra: { origin?: string; params?: Record<string, string>; cookie?: string } = {},
) =>
  call(handler, path, {
    method,
    cookie: extra.cookie ?? bed.cookie,
    params: extra.params ?? { shopId: bed.shopId },
    headers: { origin: extra.origin ?? ORIGIN, 'content-type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });

const data = async <T>(response: Response) => (await body<{ data: T }>(response)).data;
/** An error body without its request id (every error names one; the tests compare the rest). */
const error = async (response: Response) => {
  const { requestId, ...rest } = (await body<ErrorEnvelope>(response)).error;
  expect(requestId).toMatch(/^[0-9a-f]{16}$/);
  return rest;
};
const state = async () =>
  data<{
    inputs: { adSpend: unknown[]; expenses: unknown[]; cogs: unknown[] };
    audit: { detail: HistoryDetail }[];
    undoable: unknown;
    skus: unknown[];
  }>(await send(costs.GET, 'GET', `/api/dashboard/shops/${bed.shopId}/your-costs`));

describe('cost inputs: writes, audit, undo', () => {
  it('creates, edits and deletes an ad spend row, each with an audit entry, and undoes them back to empty', async () => {
    const created = await send(adSpend.POST, 'POST', '/x', {
      day: '2026-10-01',
      amount: '$1,234.50',
      sellerSku: 'SHIRT-M',
      campaign: 'Autumn',
    });
    expect(created.status).toBe(201);
    const { item, audit } = await data<{
      item: { id: string; amountCents: number; skuId: string; productId: string };
      audit: { detail: HistoryDetail };
    }>(created);
    expect(item).toMatchObject({ amountCents: 123450, skuId: 'sku-1', productId: 'prod-1' });
    expect(plainHistory(audit.detail)).toBe('Added ad spend 1234.50 on 2026-10-01 for SKU SHIRT-M (campaign "Autumn")');

    const edited = await send(
      adSpendEntry.PUT,
      'PUT',
      '/x',
      { day: '2026-10-02', amount: '99' },
      { params: { shopId: bed.shopId, id: item.id } },
    );
    expect(edited.status).toBe(200);
    expect((await data<{ item: { skuId: null; amountCents: number } }>(edited)).item).toMatchObject({
      skuId: null,
      amountCents: 9900,
    });

    const removed = await send(adSpendEntry.DELETE, 'DELETE', '/x', undefined, {
      params: { shopId: bed.shopId, id: item.id },
    });
    expect(removed.status).toBe(200);
    let s = await state();
    expect(s.inputs.adSpend).toEqual([]);
    expect(s.audit.map((a) => plainHistory(a.detail))).toEqual([
      'Deleted ad spend 99.00 on 2026-10-02 for the whole shop',
      'Changed ad spend 1234.50 on 2026-10-01 to 99.00 on 2026-10-02 for the whole shop',
      'Added ad spend 1234.50 on 2026-10-01 for SKU SHIRT-M (campaign "Autumn")',
    ]);
    expect(s.skus).toContainEqual(
      expect.objectContaining({ skuId: 'sku-1', sellerSku: 'SHIRT-M', priceCents: 3000, serviceUnitCogsCents: 950 }),
    );

    const u1 = await send(undo.POST, 'POST', '/x');
    expect(u1.status).toBe(200);
    s = await state();
    expect(s.inputs.adSpend).toEqual([expect.objectContaining({ id: item.id, day: '2026-10-02', amountCents: 9900 })]);
    await send(undo.POST, 'POST', '/x');
    s = await state();
    expect(s.inputs.adSpend).toEqual([
      { id: item.id, day: '2026-10-01', amountCents: 123450, skuId: 'sku-1', productId: 'prod-1', campaign: 'Autumn' },
    ]);
    await send(undo.POST, 'POST', '/x');
    s = await state();
    expect(s.inputs.adSpend).toEqual([]);
    expect(s.undoable).toBeNull();

    const nothing = await send(undo.POST, 'POST', '/x');
    expect(nothing.status).toBe(409);
    expect((await error(nothing)).code).toBe('NOTHING_TO_UNDO');
  });

  it('400 names the field; 404 for an unknown entry or shop; 409 for a second COGS entry of a SKU on a day', async () => {
    const bad = await send(expenses.POST, 'POST', '/x', {
      name: 'Rent',
      amount: '12.345',
      recurrence: 'monthly',
      startDay: '2026-01-01',
    });
    expect(bad.status).toBe(400);
    expect(await error(bad)).toEqual({ code: 'INVALID_REQUEST', message: 'amount: has more than 2 decimals' });
    const backwards = await send(expenses.POST, 'POST', '/x', {
      name: 'Rent',
      amount: '100',
      recurrence: 'monthly',
      startDay: '2026-02-01',
      endDay: '2026-01-01',
    });
    expect((await error(backwards)).message).toBe('endDay: must not be earlier than startDay');
    const unknownSku = await send(adSpend.POST, 'POST', '/x', { day: '2026-10-01', amount: '5', sellerSku: 'NOPE' });
    expect(unknownSku.status).toBe(400);
    expect((await error(unknownSku)).message).toBe('sellerSku: seller SKU "NOPE" matches no SKU of this shop');

    const missing = await send(
      expenseEntry.PUT,
      'PUT',
      '/x',
      { name: 'Rent', amount: '100', recurrence: 'once', startDay: '2026-01-01' },
      { params: { shopId: bed.shopId, id: 'no-such-id' } },
    );
    expect(missing.status).toBe(404);
    expect((await error(missing)).code).toBe('NOT_FOUND');
    const missingDelete = await send(cogsEntry.DELETE, 'DELETE', '/x', undefined, {
      params: { shopId: bed.shopId, id: 'no-such-id' },
    });
    expect(missingDelete.status).toBe(404);
    const otherShop = await send(
      adSpend.POST,
      'POST',
      '/x',
      { day: '2026-10-01', amount: '5' },
      { params: { shopId: 'shop-zz' } },
    );
    expect(otherShop.status).toBe(404);
    expect((await error(otherShop)).code).toBe('SHOP_NOT_FOUND');

    const first = await send(cogs.POST, 'POST', '/x', { skuId: 'sku-1', fromDay: '2026-01-01', unitCost: '4.20' });
    expect(first.status).toBe(201);
    const firstId = (await data<{ item: { id: string } }>(first)).item.id;
    const second = await send(cogs.POST, 'POST', '/x', { sellerSku: 'SHIRT-M', fromDay: '2026-01-01', unitCost: '5' });
    expect(second.status).toBe(409);
    const clash = await error(second);
    expect(clash.code).toBe('CONFLICT');
    expect(clash.message).toContain('SKU SHIRT-M already has a unit cost from 2026-01-01 (4.20');
    expect(clash.message).toContain(firstId);
    expect((await state()).inputs.cogs).toHaveLength(1);
  });

  it('refuses writes from another origin (403) and without a session (401), changing nothing', async () => {
    const foreign = { origin: 'https://evil.example' };
    expect((await send(adSpend.POST, 'POST', '/x', { day: '2026-10-01', amount: '5' }, foreign)).status).toBe(403);
    expect(
      (
        await send(
          adSpendEntry.PUT,
          'PUT',
          '/x',
          { day: '2026-10-01', amount: '5' },
          { ...foreign, params: { shopId: bed.shopId, id: 'x' } },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await send(adSpendEntry.DELETE, 'DELETE', '/x', undefined, {
          ...foreign,
          params: { shopId: bed.shopId, id: 'x' },
        })
      ).status,
    ).toBe(403);
    expect((await send(undo.POST, 'POST', '/x', undefined, foreign)).status).toBe(403);
    expect(
      (
        await send(
          fxRates.POST,
          'POST',
          '/x',
          { currency: 'USD', target: 'GBP', fromDay: '2026-01-01', rate: '0.79' },
          foreign,
        )
      ).status,
    ).toBe(403);
    const anonymous = await send(adSpend.POST, 'POST', '/x', { day: '2026-10-01', amount: '5' }, { cookie: '' });
    expect(anonymous.status).toBe(401);
    expect((await send(costs.GET, 'GET', '/x', undefined, { cookie: '' })).status).toBe(401);
    expect((await send(fxRates.GET, 'GET', '/x', undefined, { cookie: '' })).status).toBe(401);
    const s = await state();
    expect(s.inputs.adSpend).toEqual([]);
    expect(s.audit).toEqual([]);
  });
});

describe('CSV import and backup', () => {
  it('previews, refuses a file with a bad row (nothing written), then commits and replaces the days it covers', async () => {
    await send(adSpend.POST, 'POST', '/x', { day: '2026-10-01', amount: '50' });
    await send(adSpend.POST, 'POST', '/x', { day: '2026-10-09', amount: '7' });
    const good = 'Date;Spend;Seller SKU;Campaign\r\n2026-10-01;10.00;SHIRT-M;A\r\n2026/10/02;"1,000.25";;B\r\n';
    const preview = await data<{
      preview: { rows: unknown[]; errors: unknown[]; replaces: number; from: string; to: string; totalCents: number };
      committed: boolean;
    }>(await send(adImport.POST, 'POST', '/x', { csv: good }));
    expect(preview.committed).toBe(false);
    expect(preview.preview).toMatchObject({
      errors: [],
      replaces: 1,
      from: '2026-10-01',
      to: '2026-10-02',
      totalCents: 101025,
    });
    expect((await state()).inputs.adSpend).toHaveLength(2);

    const bad = good + '2026-10-03;ten;;\r\n';
    const refused = await send(adImport.POST, 'POST', '/x', { csv: bad, commit: true });
    expect(refused.status).toBe(400);
    expect((await error(refused)).message).toBe(
      '1 row has errors: nothing was imported. Line 4, Spend: "ten" must be a number like 12.50',
    );
    expect((await state()).inputs.adSpend).toHaveLength(2);

    const committed = await send(adImport.POST, 'POST', '/x', { csv: good, commit: true });
    expect(committed.status).toBe(200);
    const result = await data<{ committed: boolean; audit: { detail: HistoryDetail } }>(committed);
    expect(result.committed).toBe(true);
    expect(plainHistory(result.audit.detail)).toBe(
      'Imported 2 ad spend rows (2026-10-01 … 2026-10-02), replacing 1 row',
    );
    const days = (await state()).inputs.adSpend.map((a) => (a as { day: string; amountCents: number }).amountCents);
    expect(days).toEqual([1000, 100025, 700]);
    // Importing the same file again never counts it twice.
    await send(adImport.POST, 'POST', '/x', { csv: good, commit: true });
    expect((await state()).inputs.adSpend).toHaveLength(3);
  });

  it('backup GET is a CSV attachment with formula-neutralised cells; restoring it is one undoable change', async () => {
    await send(adSpend.POST, 'POST', '/x', { day: '2026-10-01', amount: '5', skuId: 'sku-2', campaign: '=1+1' });
    await send(expenses.POST, 'POST', '/x', {
      name: '@rent',
      amount: '1000',
      recurrence: 'monthly',
      startDay: '2026-01-01',
    });
    const file = await send(backup.GET, 'GET', '/x');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="costs_${bed.shopId}_\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    const csv = await file.text();
    expect(csv).toContain(",'=1+1,");
    expect(csv).toContain(",'@rent,");
    expect(csv).not.toMatch(/,[=@+-]/);
    const before = (await state()).inputs;

    await send(adSpend.POST, 'POST', '/x', { day: '2026-11-01', amount: '9' });
    const restore = await send(backup.POST, 'POST', '/x', { csv: csv.replace(/^\uFEFF/, ''), commit: true });
    expect(restore.status).toBe(200);
    const restored = await data<{ preview: { counts: unknown; replaces: unknown }; committed: boolean }>(restore);
    expect(restored.preview.counts).toEqual({ adSpend: 1, expenses: 1, cogs: 0, fulfilment: 0 });
    expect(restored.preview.replaces).toEqual({ adSpend: 2, expenses: 1, cogs: 0, fulfilment: 0 });
    expect((await state()).inputs).toEqual(before);
    await send(undo.POST, 'POST', '/x');
    expect((await state()).inputs.adSpend).toHaveLength(2);
  });
});

describe('exchange rates', () => {
  it('adds, refuses a duplicate, edits, deletes and undoes, at seller level', async () => {
    const fxParams = (id: string) => ({ params: { id } });
    const start = await data<{ rates: { id: string }[] }>(
      await send(fxRates.GET, 'GET', '/x', undefined, { params: {} }),
    );
    const pair = {
      currency: 'EUR',
      target: `G${String.fromCharCode(65 + (bed.seq % 26))}P`,
      fromDay: '2026-01-01',
      rate: '0.8500',
    };
    const added = await send(fxRates.POST, 'POST', '/x', pair, { params: {} });
    expect(added.status).toBe(201);
    const { item } = await data<{ item: { id: string; rate: string } }>(added);
    expect(item.rate).toBe('0.85');
    expect((await send(fxRates.POST, 'POST', '/x', pair, { params: {} })).status).toBe(409);
    const same = await send(fxRates.POST, 'POST', '/x', { ...pair, target: 'EUR' }, { params: {} });
    expect((await error(same)).message).toBe('target: must differ from currency');
    expect((await send(fxEntry.PUT, 'PUT', '/x', { ...pair, rate: '0.9' }, fxParams(item.id))).status).toBe(200);
    expect((await send(fxEntry.DELETE, 'DELETE', '/x', undefined, fxParams('nope'))).status).toBe(404);
    expect((await send(fxEntry.DELETE, 'DELETE', '/x', undefined, fxParams(item.id))).status).toBe(200);
    await send(fxUndo.POST, 'POST', '/x', undefined, { params: {} });
    let rates = (
      await data<{ rates: { id: string; rate: string }[] }>(
        await send(fxRates.GET, 'GET', '/x', undefined, { params: {} }),
      )
    ).rates;
    expect(rates.find((r) => r.id === item.id)?.rate).toBe('0.9');
    await send(fxUndo.POST, 'POST', '/x', undefined, { params: {} });
    await send(fxUndo.POST, 'POST', '/x', undefined, { params: {} });
    rates = (
      await data<{ rates: { id: string; rate: string }[] }>(
        await send(fxRates.GET, 'GET', '/x', undefined, { params: {} }),
      )
    ).rates;
    expect(rates).toEqual(start.rates);
  });
});
