import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overviewReport } from '@/lib/reports/overview';
import { skuReport } from '@/lib/reports/sku-report';
import { writeOrders } from '@/lib/service/store/writer';
import { addDays, shopLocalDate } from '@/lib/time';
import type { OrderStore } from '@/lib/store/order-store';
import { saveShopView } from '@/lib/store/shop-views';
import { SyncEngine } from '@/lib/sync/engine';
import { MemoryLock } from '@/lib/sync/lock';
import { RefreshPolicy } from '@/lib/sync/refresh';
import { clientFor, freshStore, startService, upstreamOrders, type ServiceFixture } from '@/tests/support/sync/harness';

// Every view reads the store, today included; the refresh policy keeps it fresh. Reading a report
// asks the upstream nothing and writes nothing; a new order upstream appears in the reports once
// the policy has read today again (at once for a viewed shop whose today is older than its target).

describe('today comes from the store, kept fresh by the refresh policy', () => {
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

  async function newOrderNow(suffix: string, product?: Record<string, string>) {
    const shop = svc.shop;
    const template = (await upstreamOrders(svc.service, shop.id, 0, Math.floor(Date.now() / 1000))).find(
      (o) => o.status === 'COMPLETED' && o.sampleOrder === 'NO' && o.products.length === 1,
    )!;
    const created = {
      ...template,
      id: `${template.id}-${suffix}`,
      orderNumber: `${template.orderNumber}${suffix.length}`,
      createTime: Math.floor(Date.now() / 1000) - 1,
      products: product ? [{ ...template.products[0]!, ...product }] : template.products,
    };
    await writeOrders(svc.service.db, shop.id, [{ order: created, variantNos: [] }]);
    svc.service.invalidateCaches();
    return created;
  }

  it('reads nothing upstream for a report; counts a new order once the policy has read today again', async () => {
    const shop = svc.shop;
    const today = shopLocalDate(Math.floor(Date.now() / 1000), shop.timezone);
    const range = { from: addDays(today, -6), to: today };
    const { client, requests } = clientFor(svc.handler);
    const engine = new SyncEngine({ store, client });
    await engine.sync(shop, range);
    const deps = () => ({ store, now: Date.now() });
    const before = await skuReport(deps(), shop, range);
    const overviewBefore = await overviewReport(deps(), shop, range);

    const created = await newOrderNow('now');
    const asked = requests.total;
    const jobBefore = await store.loadJob(shop.id);
    // As of its last read, the store does not have it: the reports agree with the store's orders table.
    expect((await skuReport(deps(), shop, range)).totals.lines).toBe(before.totals.lines);
    expect(requests.total).toBe(asked); // reading asked the upstream nothing
    expect(await store.loadJob(shop.id)).toEqual(jobBefore); // and started nothing

    // A person looks at the shop; three minutes later (past the viewed target) the policy reads today.
    await saveShopView(store.db, shop.id, Date.now());
    const later = Date.now() + 3 * 60_000;
    const policy = new RefreshPolicy({
      engine: new SyncEngine({ store, client, now: () => later }),
      store,
      lock: new MemoryLock(),
      now: () => later,
    });
    const tasks = await policy.tick();
    expect(tasks.map((t) => [t.kind, t.shop.id, t.targetMs])).toEqual([['today', shop.id, 2 * 60_000]]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await policy.stop();
    await (policy as unknown as { options: { engine: SyncEngine } }).options.engine.idle(shop.id);

    const after = await skuReport(deps(), shop, range);
    expect(after.totals.lines).toBe(before.totals.lines + 1);
    const sku = created.products[0]!.skuId;
    expect(after.rows.find((r) => r.skuId === sku)!.lines).toBe(
      (before.rows.find((r) => r.skuId === sku)?.lines ?? 0) + 1,
    );
    const overviewAfter = await overviewReport(deps(), shop, range);
    expect(overviewAfter.kpis.orders.value).toBe(overviewBefore.kpis.orders.value! + 1);
  });

  it('names a SKU first sold today by the name on its order once today is read', async () => {
    const shop = svc.shop;
    const today = shopLocalDate(Math.floor(Date.now() / 1000), shop.timezone);
    const range = { from: addDays(today, -6), to: today };
    await newOrderNow('new-sku', {
      skuId: 'sku-new-today',
      name: 'Brand-new lantern',
      skuName: 'Amber',
      sellerSku: 'LANT-AMB',
    });
    // (The first test's policy read today three minutes "later": this reader's clock is later still.)
    const engine = new SyncEngine({
      store,
      client: clientFor(svc.handler).client,
      now: () => Date.now() + 10 * 60_000,
    });
    await engine.ensure(shop, { from: addDays(today, -1), to: today }, { rules: { todayStaleAfterMs: 0 } });
    await engine.idle(shop.id);
    const report = await skuReport({ store, now: Date.now() }, shop, range);
    expect(report.rows.find((r) => r.skuId === 'sku-new-today')).toMatchObject({
      productName: 'Brand-new lantern',
      skuName: 'Amber',
      sellerSku: 'LANT-AMB',
      lines: 1,
    });
  });
});
