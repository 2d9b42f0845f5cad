import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { lineProfit } from '@/lib/profit';
import { openOrderStore } from '@/lib/store';
import type { OrderStore } from '@/lib/store/order-store';
import { sumsBySku } from '@/lib/store/reads';
import { order, orderProduct } from '@/tests/support/fixtures';

const TZ = 'America/Los_Angeles';
// 2025-10-09 02:13:20 UTC is still 2025-10-08 in Los Angeles.
const T = 1_759_976_000;

async function count(store: OrderStore, table: 'st_order' | 'st_line'): Promise<number> {
  const row = await store.db
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('order store upserts', () => {
  let store: OrderStore;
  beforeEach(async () => {
    store = await openOrderStore({ sqliteFile: ':memory:' });
  });
  afterEach(() => store.close());

  const orders = [
    order({
      id: 'o-1',
      createTime: T,
      products: [orderProduct(), orderProduct({ skuId: 'sku-2', grossSales: 10.01 })],
    }),
    order({ id: 'o-2', createTime: T + 60, products: [orderProduct()] }),
  ];

  it('stores each order once however often it is synced', async () => {
    await store.upsertOrders('s1', TZ, orders);
    await store.upsertOrders('s1', TZ, orders);
    await store.upsertOrders('s1', TZ, [orders[1]!, orders[0]!, orders[1]!]);
    expect(await count(store, 'st_order')).toBe(2);
    expect(await count(store, 'st_line')).toBe(3);
    const sums = await sumsBySku(store.db, 's1', '2025-10-08', '2025-10-08');
    const sku1 = sums.find((r) => r.sku_id === 'sku-1')!;
    expect(sku1.lines).toBe(2);
    expect(sku1.net_profit).toBe(2 * lineProfit(orderProduct()).netProfit);
  });

  it('files an order under its shop-local day', async () => {
    await store.upsertOrders('s1', TZ, orders);
    expect(await sumsBySku(store.db, 's1', '2025-10-09', '2025-10-09')).toEqual([]);
    expect((await sumsBySku(store.db, 's1', '2025-10-08', '2025-10-08')).length).toBe(2);
  });

  it('replaces the lines and rollups of an order that changed', async () => {
    await store.upsertOrders('s1', TZ, orders);
    const settled = order({
      id: 'o-1',
      createTime: T,
      orderType: 'UNSETTLED',
      products: [orderProduct({ skuId: 'sku-3', grossSales: 5 })],
    });
    await store.upsertOrders('s1', TZ, [settled]);
    expect(await count(store, 'st_line')).toBe(2);
    const sums = await sumsBySku(store.db, 's1', '2025-10-01', '2025-10-31');
    expect(sums.map((r) => r.sku_id).sort()).toEqual(['sku-1', 'sku-3']);
    expect(sums.find((r) => r.sku_id === 'sku-3')).toMatchObject({ estimated: 1, lines: 1, gross_sales: 500 });
    expect(sums.find((r) => r.sku_id === 'sku-1')).toMatchObject({ estimated: 0, lines: 1 });
  });

  it('keeps shops apart', async () => {
    await store.upsertOrders('s1', TZ, orders);
    await store.upsertOrders('s2', TZ, [orders[0]!]);
    expect(await count(store, 'st_order')).toBe(3);
    expect((await sumsBySku(store.db, 's2', '2025-10-08', '2025-10-08')).reduce((a, r) => a + r.lines, 0)).toBe(2);
  });

  it('removes orders a window pass did not see, and their rollups', async () => {
    await store.upsertOrders('s1', TZ, orders, { syncedAt: 1_000 });
    await store.upsertOrders('s1', TZ, [orders[1]!], { syncedAt: 2_000 });
    expect(await store.removeUnseenOrders('s1', T - 10, T + 100, 2_000)).toBe(1);
    const sums = await sumsBySku(store.db, 's1', '2025-10-08', '2025-10-08');
    expect(sums).toHaveLength(1);
    expect(sums[0]).toMatchObject({ sku_id: 'sku-1', lines: 1 });
  });
});
