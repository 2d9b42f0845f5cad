import { describe, expect, it } from 'vitest';
import { jumpOptions, type JumpAnswer } from '@/components/jump-to/options';
import { jumpStatus } from '@/components/jump-to/status';
import { openPages } from '@/lib/team/pages';
import type { ConnectedShop } from '@/lib/api/schemas';

// What the jump-to lists and where each result leads: only pages the person may open, the shop and
// range kept in every address, a SKU on SKU profit (or in the orders, for a person without costs
// and profit), an order on the orders page filtered to its number (on its own day when outside the range).

const frame = { shop: 'shop-1', range: 'last-7-days', from: null, to: null } as const;
const answer: JumpAnswer = {
  stored: true,
  skus: [{ skuId: 'sku-2', sellerSku: 'TEE-L', productName: 'Organic tee', skuName: 'Large' }],
  orders: [
    { orderId: 'o-1', orderNumber: '5760001', day: '2026-11-27', inRange: true },
    { orderId: 'o-2', orderNumber: '5760002', day: '2025-01-05', inRange: false },
  ],
};
const owner = openPages({ role: 'owner', seesProfit: true });
const salesOnly = openPages({ role: 'viewer', seesProfit: false });

describe('the jump-to results', () => {
  it('lists the pages the person may open whose name or group holds the text', () => {
    expect(jumpOptions('p&l', owner, frame, undefined).map((o) => o.label)).toEqual(['P&L by month']);
    expect(jumpOptions('books', owner, frame, undefined).map((o) => o.label)).toEqual([
      'P&L by month',
      'Journal accounts',
    ]);
    expect(jumpOptions('sku', salesOnly, frame, undefined)).toEqual([]);
    expect(jumpOptions('', salesOnly, frame, undefined).map((o) => o.label)).toEqual([
      'Overview',
      'Orders',
      'Refunds',
      'All shops',
      'Alerts',
    ]);
  });

  it('opens a SKU on SKU profit searched to its seller SKU, in the shop and range on screen', () => {
    const sku = jumpOptions('tee-l', owner, frame, answer).find((o) => o.kind === 'SKU')!;
    expect(sku).toMatchObject({ label: 'TEE-L', detail: 'Organic tee · Large' });
    expect(sku.href).toBe('/sku-profit?shop=shop-1&range=last-7-days&q=TEE-L');
  });

  it('opens a SKU in the orders holding it for a person who may not see profit', () => {
    const sku = jumpOptions('tee-l', salesOnly, frame, answer).find((o) => o.kind === 'SKU')!;
    expect(sku.href).toBe('/orders?shop=shop-1&range=last-7-days&skuName=TEE-L');
  });

  it('opens an order on the orders page filtered to its number, on its own day when outside the range', () => {
    const orders = jumpOptions('57600', owner, frame, answer).filter((o) => o.kind === 'Order');
    expect(orders.map((o) => o.href)).toEqual([
      '/orders?shop=shop-1&range=last-7-days&orderNumber=5760001',
      '/orders?shop=shop-1&range=custom&from=2025-01-05&to=2025-01-05&orderNumber=5760002',
    ]);
    expect(orders[1]!.detail).toMatch(/outside the range/);
  });

  it('says the store has not read the shop yet instead of "nothing matches"', () => {
    const shop = { id: 'shop-1', shopName: 'Demo shop' } as ConnectedShop;
    const query = { data: { stored: false, skus: [], orders: [] }, isFetching: false, isError: false };
    expect(jumpStatus({ typed: 'tee', shop, searched: true, query, count: 0 })).toMatch(
      /Demo shop's products and orders have not been read yet/,
    );
    const read = { ...query, data: { ...query.data, stored: true } };
    expect(jumpStatus({ typed: 'tee', shop, searched: true, query: read, count: 0 })).toBe('Nothing matches “tee”.');
    expect(jumpStatus({ typed: 'tee', shop, searched: true, query: read, count: 3 })).toBe('3 results');
  });
});
