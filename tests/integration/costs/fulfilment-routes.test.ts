import { describe, expect, it } from 'vitest';
import { plainHistory } from '@/lib/costs/history-sentence';
import type { HistoryDetail } from '@/lib/costs/history';
import type { Product } from '@/lib/contract';
import { body, call, forKind, ORIGIN, type ErrorEnvelope } from '@/tests/integration/api/support';
import { routesShopPerTest } from '@/tests/support/api/routes-fixture';
import { catalogProduct } from '@/tests/support/fixtures';

// Fulfilment and packaging through the API, as the Your costs page sends it: a kind of the registry
// on the shared entries table, with its history, undo, clash check and backup rows.

const costs = await import('@/app/api/dashboard/shops/[shopId]/your-costs/route');
const kindRoute = await import('@/app/api/dashboard/shops/[shopId]/your-costs/[kind]/route');
const fulfilment = forKind(kindRoute, 'fulfilment');
const fulfilmentEntry = forKind(
  await import('@/app/api/dashboard/shops/[shopId]/your-costs/[kind]/[id]/route'),
  'fulfilment',
);
const backup = await import('@/app/api/dashboard/shops/[shopId]/your-costs/backup/route');
const undo = await import('@/app/api/dashboard/shops/[shopId]/your-costs/undo/route');

const PRODUCTS: Product[] = [
  catalogProduct(1, 'Linen shirt', [{ id: 'sku-1', sku: 'SHIRT-M', price: 30, cogs: 9.5, shippingCost: 2 }]),
];

const bed = routesShopPerTest(PRODUCTS, 'f');

type Handler = Parameters<typeof call>[0];
const send = (handler: Handler, method: string, json?: unknown, params?: Record<string, string>) =>
  call(handler, '/x', {
    method,
    cookie: bed.cookie,
    params: params ?? { shopId: bed.shopId },
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
const data = async <T>(response: Response) => (await body<{ data: T }>(response)).data;
type Entry = { id: string; fromDay: string; amountCents: number; per: string; skuId: string | null };
const state = async () =>
  data<{ inputs: { fulfilment: Entry[] }; audit: { detail: HistoryDetail }[] }>(await send(costs.GET, 'GET'));

describe('fulfilment and packaging: writes, history, undo, backup', () => {
  it('adds a per-order cost for every SKU and a per-unit one for a SKU, edits, refuses a twin, and undoes', async () => {
    const order = await send(fulfilment.POST, 'POST', { fromDay: '2026-10-01', amount: '2.50', per: 'order' });
    expect(order.status).toBe(201);
    const { item } = await data<{ item: Entry }>(order);
    expect(item).toMatchObject({ fromDay: '2026-10-01', amountCents: 250, per: 'order', skuId: null });
    const unit = await send(fulfilment.POST, 'POST', {
      fromDay: '2026-10-01',
      amount: '0.35',
      per: 'unit',
      sellerSku: 'SHIRT-M',
    });
    expect(unit.status).toBe(201);

    // The same SKU (here: every SKU), basis and day twice is a conflict naming the first.
    const twin = await send(fulfilment.POST, 'POST', { fromDay: '2026-10-01', amount: '3', per: 'order' });
    expect(twin.status).toBe(409);
    expect((await body<ErrorEnvelope>(twin)).error.message).toContain(`entry ${item.id}`);
    const bad = await send(fulfilment.POST, 'POST', { fromDay: '2026-10-01', amount: '3', per: 'pallet' });
    expect(bad.status).toBe(400);
    expect((await body<ErrorEnvelope>(bad)).error.message).toContain('per: must be order or unit');

    const edited = await send(
      fulfilmentEntry.PUT,
      'PUT',
      { fromDay: '2026-11-01', amount: '2.75', per: 'order' },
      { shopId: bed.shopId, id: item.id },
    );
    expect(edited.status).toBe(200);
    let s = await state();
    expect(s.inputs.fulfilment.map((f) => [f.per, f.amountCents, f.fromDay, f.skuId])).toEqual([
      ['order', 275, '2026-11-01', null],
      ['unit', 35, '2026-10-01', 'sku-1'],
    ]);
    expect(s.audit.map((a) => plainHistory(a.detail))).toEqual([
      'Changed fulfilment and packaging 2.50 per order from 2026-10-01 to 2.75 per order for every SKU from 2026-11-01',
      'Added fulfilment and packaging 0.35 per unit for SKU SHIRT-M from 2026-10-01',
      'Added fulfilment and packaging 2.50 per order for every SKU from 2026-10-01',
    ]);

    expect((await send(undo.POST, 'POST')).status).toBe(200);
    s = await state();
    expect(s.inputs.fulfilment.find((f) => f.id === item.id)).toMatchObject({
      amountCents: 250,
      fromDay: '2026-10-01',
    });

    const removed = await send(fulfilmentEntry.DELETE, 'DELETE', undefined, { shopId: bed.shopId, id: item.id });
    expect(removed.status).toBe(200);
    expect((await state()).inputs.fulfilment).toHaveLength(1);
  });

  it('backs up its rows with their basis and restores them as they were', async () => {
    await send(fulfilment.POST, 'POST', { fromDay: '2026-10-01', amount: '2.50', per: 'order' });
    await send(fulfilment.POST, 'POST', { fromDay: '2026-10-05', amount: '0.40', per: 'unit', skuId: 'sku-1' });
    const before = (await state()).inputs.fulfilment;
    const csv = await (await send(backup.GET, 'GET')).text();
    expect(csv.split('\r\n')[0]).toContain(',basis,');
    expect(csv).toMatch(/\r\nfulfilment,[^,]+,2026-10-01,,2\.50,,.*,order,/);
    for (const f of before) await send(fulfilmentEntry.DELETE, 'DELETE', undefined, { shopId: bed.shopId, id: f.id });
    expect((await state()).inputs.fulfilment).toEqual([]);
    const restored = await send(backup.POST, 'POST', { csv, commit: true });
    expect(restored.status).toBe(200);
    expect((await state()).inputs.fulfilment).toEqual(before);
  });

  it('answers 404 for a kind that does not exist', async () => {
    const response = await send(forKind(kindRoute, 'pallets').POST, 'POST', { amount: '1' });
    expect(response.status).toBe(404);
  });
});
