import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOrderStore } from '@/lib/store';
import { findOrders, findSkus, holdsShop } from '@/lib/store/jump';
import type { OrderStore } from '@/lib/store/order-store';
import { order, orderProduct } from '@/tests/support/fixtures';

// The jump-to's finds in the local store: a SKU by its seller SKU or its names, an order by its
// number, only in the shop asked for, and whether the store has read the shop at all.

const TZ = 'America/Los_Angeles';
const T = 1_760_000_000;

const mug = orderProduct();
const tee = orderProduct({
  productId: 'p-2',
  name: 'Organic tee',
  skuId: 'sku-2',
  skuName: 'Large',
  sellerSku: 'TEE-L',
});
const teeXl = orderProduct({
  productId: 'p-2',
  name: 'Organic tee',
  skuId: 'sku-3',
  skuName: 'XL',
  sellerSku: 'TEE-XL',
});
// A seller SKU that holds another's ("TEE-L" inside "BIGTEE-L"): the exact one must come first.
const bigTee = orderProduct({ productId: 'p-3', name: 'Big tee', skuId: 'sku-4', skuName: 'L', sellerSku: 'BIGTEE-L' });

describe('the jump-to reads of the store', () => {
  let store: OrderStore;
  beforeAll(async () => {
    store = await openOrderStore({ sqliteFile: ':memory:' });
    await store.upsertOrders('shop', TZ, [
      order({ id: 'o-1', orderNumber: '5760001', createTime: T, products: [mug] }),
      order({ id: 'o-2', orderNumber: '5760002', createTime: T + 60, products: [tee, bigTee] }),
      order({ id: 'o-3', orderNumber: 'A-99017', createTime: T + 120, products: [teeXl] }),
      // The number appears in another order's payload (a product name), which is no match.
      order({
        id: 'o-4',
        orderNumber: '1111',
        createTime: T + 180,
        products: [orderProduct({ name: 'Mug 5760001 edition' })],
      }),
    ]);
    await store.upsertOrders('other', TZ, [
      order({
        id: 'o-x',
        orderNumber: '5760009',
        products: [orderProduct({ skuId: 'sku-x', sellerSku: 'TEE-OTHER' })],
      }),
    ]);
  });
  afterAll(() => store.close());

  it('finds a SKU by its seller SKU, ignoring case, the exact one first', async () => {
    const found = await findSkus(store, 'shop', 'tee-l', 6);
    expect(found.map((s) => s.sellerSku)).toEqual(['TEE-L', 'BIGTEE-L']);
    expect(found[0]).toEqual({ skuId: 'sku-2', sellerSku: 'TEE-L', productName: 'Organic tee', skuName: 'Large' });
  });

  it('finds SKUs by product or SKU name, seller SKUs that start with the text first', async () => {
    expect((await findSkus(store, 'shop', 'organic', 6)).map((s) => s.sellerSku)).toEqual(['TEE-L', 'TEE-XL']);
    expect((await findSkus(store, 'shop', 'tee', 6)).map((s) => s.sellerSku)).toEqual(['TEE-L', 'TEE-XL', 'BIGTEE-L']);
    expect((await findSkus(store, 'shop', 'xl', 6)).map((s) => s.sellerSku)).toEqual(['TEE-XL']);
    expect(await findSkus(store, 'shop', 'nothing like it', 6)).toEqual([]);
    expect(await findSkus(store, 'shop', 'tee', 1)).toHaveLength(1);
  });

  it('finds an order by its number or part of it, the most recent first, with its day in the shop', async () => {
    expect(await findOrders(store, 'shop', '5760001', 6)).toEqual([
      { orderId: 'o-1', orderNumber: '5760001', day: '2025-10-09' },
    ]);
    expect((await findOrders(store, 'shop', '57600', 6)).map((o) => o.orderNumber)).toEqual(['5760002', '5760001']);
    expect((await findOrders(store, 'shop', 'a-990', 6)).map((o) => o.orderId)).toEqual(['o-3']);
    expect(await findOrders(store, 'shop', '"', 6)).toEqual([]);
  });

  it('answers only from the shop asked for', async () => {
    expect(await findSkus(store, 'shop', 'TEE-OTHER', 6)).toEqual([]);
    expect(await findOrders(store, 'shop', '5760009', 6)).toEqual([]);
    expect((await findOrders(store, 'other', '5760009', 6)).map((o) => o.orderId)).toEqual(['o-x']);
  });

  it('tells a shop the store has not read yet from one with nothing found', async () => {
    expect(await holdsShop(store, 'shop')).toBe(true);
    expect(await holdsShop(store, 'never-synced')).toBe(false);
    expect(await findSkus(store, 'never-synced', 'tee', 6)).toEqual([]);
  });
});
