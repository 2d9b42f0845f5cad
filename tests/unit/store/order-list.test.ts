import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@/lib/contract';
import { storedOrders } from '@/lib/store/order-list';
import { openOrderStore } from '@/lib/store';
import type { OrderStore } from '@/lib/store/order-store';
import { order, orderProduct } from '@/tests/support/fixtures';

const TZ = 'America/Los_Angeles';
const T = 1_759_976_000;

async function all(
  store: OrderStore,
  query: Parameters<typeof storedOrders>[1],
): Promise<{ ids: string[]; batches: number }> {
  const ids: string[] = [];
  let batches = 0;
  for await (const batch of storedOrders(store, query)) {
    batches++;
    ids.push(...batch.map((o) => o.id));
  }
  return { ids, batches };
}

describe('stored orders for an export', () => {
  let store: OrderStore;
  // Several orders share a create time (ties broken by id, binary order: 'B' < 'a'), one lies outside the range.
  const orders: Order[] = [
    order({ id: 'o-c', createTime: T, products: [orderProduct()] }),
    order({ id: 'o-a', createTime: T, orderType: 'UNSETTLED', products: [orderProduct()] }),
    order({ id: 'o-B', createTime: T, products: [orderProduct()] }),
    order({ id: 'o-z', createTime: T - 60, products: [orderProduct()] }),
    order({ id: 'o-b', createTime: T + 60, products: [orderProduct()] }),
    order({ id: 'o-out', createTime: T + 3_600, products: [orderProduct()] }),
  ];
  beforeAll(async () => {
    store = await openOrderStore({ sqliteFile: ':memory:' });
    await store.upsertOrders('shop', TZ, orders);
    await store.upsertOrders('other', TZ, [order({ id: 'o-x', createTime: T })]);
  });
  afterAll(() => store.close());

  const base = { shopId: 'shop', startDate: T - 60, endDate: T + 60 };

  it('pages by create time then id across batches, however the ties fall on batch edges', async () => {
    for (const batchSize of [1, 2, 3, 500]) {
      expect(await all(store, { ...base, sort: 'asc', batchSize }).then((r) => r.ids)).toEqual([
        'o-z',
        'o-B',
        'o-a',
        'o-c',
        'o-b',
      ]);
      expect(await all(store, { ...base, sort: 'desc', batchSize }).then((r) => r.ids)).toEqual([
        'o-b',
        'o-c',
        'o-a',
        'o-B',
        'o-z',
      ]);
    }
  });

  it('reads in batches of the given size, not all at once', async () => {
    expect((await all(store, { ...base, sort: 'asc', batchSize: 2 })).batches).toBe(3);
  });

  it('returns the stored order itself, and narrows by order type', async () => {
    const batches: Order[][] = [];
    for await (const batch of storedOrders(store, { ...base, sort: 'asc', orderType: 'UNSETTLED' }))
      batches.push(batch);
    expect(batches).toEqual([[orders[1]]]);
  });
});
