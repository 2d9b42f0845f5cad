import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overviewReport } from '@/lib/reports/overview';
import { skuReport } from '@/lib/reports/sku-report';
import { writeOrders } from '@/lib/service/store/writer';
import { addDays, localDay } from '@/lib/store/days';
import type { OrderStore } from '@/lib/store/order-store';
import { SyncEngine } from '@/lib/sync/engine';
import { clientFor, freshStore, startService, upstreamOrders, type ServiceFixture } from '@/tests/support/sync/harness';

// A new order upstream shows in the store-backed views at once, as it does in the orders table:
// today is read from the upstream (through the client's short cache), not from a store that was
// synced minutes ago. Nothing is written and no sync is started by reading a report.

describe('store-backed reports never lag the orders table for today', () => {
  let svc: ServiceFixture;
  let store: OrderStore;
  let closeStore: () => Promise<void>;

  beforeAll(async () => {
    svc = await startService({ orders: 2_000 });
    ({ store, close: closeStore } = await freshStore(svc.dir));
  });
  afterAll(async () => {
    await closeStore?.();
    await svc?.close();
  });

  it('counts an order created after the sync in the SKU report and the overview, without writing to the store', async () => {
    const shop = svc.shop;
    const today = localDay(Math.floor(Date.now() / 1000), shop.timezone);
    const range = { from: addDays(today, -6), to: today };
    const { client } = clientFor(svc.handler);
    const engine = new SyncEngine({ store, client });
    await engine.sync(shop, range);
    await engine.sync(shop, { from: addDays(today, -13), to: addDays(today, -7) });
    const deps = () => ({ store, client, now: Date.now() });
    const before = await skuReport(deps(), shop, range);
    const overviewBefore = await overviewReport(deps(), shop, range);

    const template = (await upstreamOrders(svc.service, shop.id, 0, Math.floor(Date.now() / 1000))).find(
      (o) => o.status === 'COMPLETED' && o.sampleOrder === 'NO' && o.products.length === 1,
    )!;
    const created = {
      ...template,
      id: `${template.id}-now`,
      orderNumber: `${template.orderNumber}5`,
      createTime: Math.floor(Date.now() / 1000) - 1,
    };
    await writeOrders(svc.service.db, shop.id, [{ order: created, variantNos: [] }]);
    svc.service.invalidateCaches();
    const jobBefore = await store.loadJob(shop.id);

    const after = await skuReport(deps(), shop, range);
    expect(after.totals.lines).toBe(before.totals.lines + 1);
    const sku = created.products[0]!.skuId;
    expect(after.rows.find((r) => r.skuId === sku)!.lines).toBe(
      (before.rows.find((r) => r.skuId === sku)?.lines ?? 0) + 1,
    );
    const overviewAfter = await overviewReport(deps(), shop, range);
    expect(overviewAfter.kpis.orders.value).toBe(overviewBefore.kpis.orders.value! + 1);
    expect(overviewAfter.series.at(-1)!.netSales).toBeGreaterThan(overviewBefore.series.at(-1)!.netSales);

    expect(await store.loadJob(shop.id)).toEqual(jobBefore); // reading started nothing
    const stored = await store.db
      .selectFrom('st_order')
      .select('order_id')
      .where('order_id', '=', created.id)
      .execute();
    expect(stored).toEqual([]); // and wrote nothing
  });

  it('names a SKU sold today that no sync has stored yet by the name on its order, not by its id', async () => {
    const shop = svc.shop;
    const today = localDay(Math.floor(Date.now() / 1000), shop.timezone);
    const range = { from: addDays(today, -6), to: today };
    const deps = () => ({ store, client: clientFor(svc.handler).client, now: Date.now() });
    const template = (await upstreamOrders(svc.service, shop.id, 0, Math.floor(Date.now() / 1000))).find(
      (o) => o.status === 'COMPLETED' && o.sampleOrder === 'NO' && o.products.length === 1,
    )!;
    const product = {
      ...template.products[0]!,
      skuId: 'sku-new-today',
      name: 'Brand-new lantern',
      skuName: 'Amber',
      sellerSku: 'LANT-AMB',
    };
    const created = {
      ...template,
      id: `${template.id}-new-sku`,
      orderNumber: `${template.orderNumber}7`,
      createTime: Math.floor(Date.now() / 1000) - 1,
      products: [product],
    };
    await writeOrders(svc.service.db, shop.id, [{ order: created, variantNos: [] }]);
    svc.service.invalidateCaches();

    const report = await skuReport(deps(), shop, range);
    expect(report.rows.find((r) => r.skuId === 'sku-new-today')).toMatchObject({
      productName: 'Brand-new lantern',
      skuName: 'Amber',
      sellerSku: 'LANT-AMB',
      lines: 1,
    });
    expect((await skuReport(deps(), shop, range, { search: 'lantern' })).rows.map((r) => r.skuId)).toEqual([
      'sku-new-today',
    ]);
  });
});
