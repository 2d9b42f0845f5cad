import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OrdersQuery } from '@/lib/views/orders';
import { ordersQuery } from '@/tests/support/views';
import type { ConnectedShop } from '@/lib/api/schemas';
import { setUpstreamClientForTests } from '@/lib/server/upstream';
import type { Order } from '@/lib/contract';
import { csvStream } from '@/lib/csv';
import { orderExport, type OrderExportDeps } from '@/lib/server/exports/order-export';
import { orderLineColumns, type OrderLine } from '@/lib/exports/order-lines';
import { orderExportRange, orderLineBatches } from '@/lib/server/exports/sources';
import { addDays, shopLocalDate } from '@/lib/time';
import type { OrderStore } from '@/lib/store/order-store';
import { writeOrders } from '@/lib/service/store/writer';
import { SyncEngine } from '@/lib/sync/engine';
import { clientFor, freshStore, startService, upstreamOrders, type ServiceFixture } from '@/tests/support/sync/harness';

// The orders export read from the local order store must be the very file the upstream path
// writes: same rows, same order, same bytes, for every filter the orders view offers.

async function bytes(tz: string, batches: AsyncIterable<OrderLine[]>): Promise<Buffer> {
  return Buffer.from(await new Response(csvStream(orderLineColumns(tz), batches)).arrayBuffer());
}

/** A new order upstream (no product-filter keys: unfiltered lists show it). */
async function insertOrder(svc: ServiceFixture, shopId: string, order: Order): Promise<void> {
  await writeOrders(svc.service.db, shopId, [{ order, variantNos: [] }]);
  svc.service.invalidateCaches();
}

const rowCount = (csv: Buffer) => csv.toString('utf8').split('\r\n').length - 2;

function suite(postgres: boolean) {
  let svc: ServiceFixture;
  let store: OrderStore;
  let closeStore: () => Promise<void>;
  let engine: SyncEngine;
  let shop: ConnectedShop;
  let orders: Order[];
  let today: string;

  beforeAll(async () => {
    svc = await startService({ orders: 3_000 });
    shop = { ...svc.shop, currency: 'USD' };
    today = shopLocalDate(Math.floor(Date.now() / 1000), shop.timezone);
    ({ store, close: closeStore } = await freshStore(svc.dir, postgres));
    const { client } = clientFor(svc.handler);
    setUpstreamClientForTests(client);
    engine = new SyncEngine({ store, client });
    await engine.sync(shop, { from: addDays(today, -399), to: today });
    orders = await upstreamOrders(svc.service, shop.id, 0, Math.floor(Date.now() / 1000) + 86_400);
  }, 120_000);
  afterAll(async () => {
    setUpstreamClientForTests(undefined);
    await closeStore?.();
    await svc?.close();
  });

  const deps = async (): Promise<OrderExportDeps> => ({ store, engine });

  /** Filter sets chosen from the data, so each selects some orders but not all. */
  function filterSets(): Record<string, string>[] {
    const multi = orders.find((o) => o.products.length > 1 && o.products[0]!.name !== o.products[1]!.name)!;
    const [a, b] = [multi.products[0]!, multi.products[1]!];
    const word = (s: string) => s.split(/\s+/).find((w) => w.length > 3) ?? s;
    return [
      {},
      { status: 'cancelled' },
      { name: word(a.name).toUpperCase() },
      { name: word(a.name), status: orders.find((o) => o.status !== 'CANCELLED')!.status.toLowerCase() },
      // Two product filters must match the same line: a's name with b's seller SKU matches none of `multi`'s lines.
      { name: a.name, skuName: b.sellerSku.toLowerCase() },
      { skuName: a.skuName.slice(0, 4), orderType: 'SETTLED', sampleOrder: 'NO' },
      // The SKU-name filter also matches the seller SKU.
      { skuName: a.sellerSku.toLowerCase() },
      { productId: a.productId, skuId: a.skuId.slice(-3) },
      { orderNumber: multi.orderNumber.slice(0, -2), sampleOrder: 'YES' },
    ];
  }

  it('covers the filters with data worth comparing (cancelled, sample and multi-line orders)', () => {
    expect(orders.some((o) => o.status === 'CANCELLED')).toBe(true);
    expect(orders.some((o) => o.sampleOrder === 'YES')).toBe(true);
    expect(orders.some((o) => o.products.length > 1)).toBe(true);
  });

  it.each(['desc', 'asc'])(
    'writes the same bytes from the store as from the upstream (sort %s)',
    async (sort) => {
      const range = { from: addDays(today, -399), to: today };
      const sizes: number[] = [];
      for (const filters of filterSets()) {
        const query: OrdersQuery = ordersQuery({ ...filters, ...range, sort });
        const resolved = orderExportRange(shop, query);
        const fromStore = await orderExport(shop, query, resolved, deps);
        expect(fromStore.source).toBe('store');
        const [storeCsv, upstreamCsv] = [
          await bytes(shop.timezone, fromStore.batches),
          await bytes(shop.timezone, orderLineBatches(shop, query, resolved)),
        ];
        expect({ filters, rows: rowCount(storeCsv) }).toEqual({ filters, rows: rowCount(upstreamCsv) });
        expect(storeCsv.equals(upstreamCsv), `bytes differ for ${JSON.stringify(filters)}`).toBe(true);
        sizes.push(rowCount(storeCsv));
      }
      const [all, ...filtered] = sizes;
      expect(all).toBeGreaterThan(3_000); // every line of every order of 400 days
      expect(filtered.filter((n) => n > 0 && n < all!).length).toBeGreaterThanOrEqual(6);
    },
    120_000,
  );

  it('reads a preset range (ending now) from the store once it is synced', async () => {
    const query = ordersQuery({ range: 'last-30-days', sort: 'desc' });
    const resolved = orderExportRange(shop, query);
    const fromStore = await orderExport(shop, query, resolved, deps);
    expect(fromStore.source).toBe('store');
    expect(
      (await bytes(shop.timezone, fromStore.batches)).equals(
        await bytes(shop.timezone, orderLineBatches(shop, query, resolved)),
      ),
    ).toBe(true);
  });
}

describe('orders export from the local store (SQLite)', () => suite(false));
describe.skipIf(!process.env.TEST_DATABASE_URL)('orders export from the local store (PostgreSQL)', () => suite(true));

describe('orders export of a range not synced yet', () => {
  let svc: ServiceFixture;
  let store: OrderStore;
  let closeStore: () => Promise<void>;
  afterEach(() => setUpstreamClientForTests(undefined));
  beforeAll(async () => {
    svc = await startService({ orders: 1_000 });
    ({ store, close: closeStore } = await freshStore(svc.dir));
  }, 60_000);
  afterAll(async () => {
    await closeStore?.();
    await svc?.close();
  });

  it('refuses a range not stored yet with how much is stored, asking the upstream nothing and starting no sync; exports it from the store once synced', async () => {
    const { client, requests } = clientFor(svc.handler);
    setUpstreamClientForTests(client);
    const engine = new SyncEngine({ store, client });
    const shop = { ...svc.shop, currency: 'USD' };
    const today = shopLocalDate(Math.floor(Date.now() / 1000), shop.timezone);
    const query = ordersQuery({ from: addDays(today, -59), to: addDays(today, -2) });
    const resolved = orderExportRange(shop, query);

    const before = requests.total;
    const refused = await orderExport(shop, query, resolved, async () => ({ store, engine })).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'NOT_SYNCED_YET', status: 409 });
    expect((refused as Error).message).toMatch(/still being synced .*\(\d+ of 58 days stored\)/);
    expect(requests.total).toBe(before); // a click reads nothing upstream
    expect(await store.loadJob(shop.id)).toBeUndefined(); // and starts no sync (a GET changes nothing)

    await engine.sync(shop, { from: resolved.from, to: resolved.to }); // what the page's POST /sync does
    const synced = requests.total;
    const exported = await orderExport(shop, query, resolved, async () => ({ store, engine }));
    expect(exported.source).toBe('store');
    const storeCsv = await bytes(shop.timezone, exported.batches);
    expect(rowCount(storeCsv)).toBeGreaterThan(0);
    expect(requests.total).toBe(synced); // the export asked the upstream nothing
    // Byte for byte what paging the upstream writes.
    expect(storeCsv.equals(await bytes(shop.timezone, orderLineBatches(shop, query, resolved)))).toBe(true);
  }, 60_000);

  it('lists an order created upstream once the refresh has read today, as the orders table does', async () => {
    const { client } = clientFor(svc.handler);
    setUpstreamClientForTests(client);
    const engine = new SyncEngine({ store, client });
    const shop = { ...svc.shop, currency: 'USD' };
    const today = shopLocalDate(Math.floor(Date.now() / 1000), shop.timezone);
    const query = ordersQuery({ from: addDays(today, -6), to: today, sort: 'desc' });
    const resolved = orderExportRange(shop, query);
    await engine.sync(shop, { from: resolved.from, to: resolved.to });
    // A new order upstream after the sync: copy the latest order under a new id, created now.
    const latest = (await upstreamOrders(svc.service, shop.id, resolved.startDate, resolved.endDate)).at(-1)!;
    const created = {
      ...latest,
      id: `${latest.id}-new`,
      orderNumber: `${latest.orderNumber}9`,
      createTime: Math.floor(Date.now() / 1000),
    };
    await insertOrder(svc, shop.id, created);
    const exported = async () => {
      const fromStore = await orderExport(shop, query, orderExportRange(shop, query), async () => ({ store, engine }));
      expect(fromStore.source).toBe('store');
      return (await bytes(shop.timezone, fromStore.batches)).toString('utf8');
    };
    // The store answers as of its last read of today: the export does not have it yet.
    expect(await exported()).not.toContain(created.orderNumber);
    // The refresh policy reads today again (here at once): the export has it, byte for byte the upstream's.
    await engine.ensure(shop, { from: addDays(today, -1), to: today }, { rules: { todayStaleAfterMs: 0 } });
    await engine.idle(shop.id);
    const csv = await exported();
    expect(csv).toContain(created.orderNumber);
    const upstreamCsv = await bytes(shop.timezone, orderLineBatches(shop, query, orderExportRange(shop, query)));
    expect(csv).toBe(upstreamCsv.toString('utf8'));
  }, 60_000);
});
