import { describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '@/lib/contract';
import { createClient, DEMO_HEADERS } from './client';
import type { DemoFixture } from './demo-fixture';
import { expectOrderPage, filterOrders, QUOTED_NAME_PART, TRICKY_FILTERS, type OrderFilter } from './oracle';

// Orders-by-product (docs/reporting-service.md, The endpoints): every filter, sort, the date rules and pagination, on the real
// store, checked against the oracle over the shop's stored orders.

const DAY = 86_400;
const query = (f: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(f).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString();

export function ordersSuite(fixture: () => DemoFixture) {
  const main = () => fixture().shops.find((s) => s.accountId === fixture().demoAccountId && s.active)!.id;
  const opts = () => ({ headers: { ...DEMO_HEADERS, 'X-Shop-Id': main() } });
  let cache: Order[] | undefined;
  const all = async () => (cache ??= await fixture().orders(main()));

  async function check(filter: OrderFilter, sort: 'ASC' | 'DESC' = 'DESC', page = 1, limit = 100) {
    const expected = filterOrders(await all(), filter, sort);
    const got = await createClient(fixture().handler).ok(
      `orders-by-product?${query({ ...filter, sort, page, limit })}`,
      orderSchema,
      opts(),
    );
    expect(got.pagination, JSON.stringify(filter)).toEqual({
      page,
      limit,
      total: expected.length,
      totalPages: Math.ceil(expected.length / limit),
    });
    expectOrderPage(got.items, expected, (page - 1) * limit, limit);
    return expected;
  }

  describe('orders-by-product (4.3)', () => {
    it('defaults to page 1, 10 per page, newest first, with products on every order', async () => {
      const orders = await all();
      expect(orders.length).toBeGreaterThanOrEqual(20_000);
      const got = await createClient(fixture().handler).ok('orders-by-product', orderSchema, opts());
      expect(got.pagination).toEqual({
        page: 1,
        limit: 10,
        total: orders.length,
        totalPages: Math.ceil(orders.length / 10),
      });
      expectOrderPage(got.items, filterOrders(orders, {}, 'DESC'), 0, 10);
      expect(got.items.every((o) => o.products.length > 0)).toBe(true);
    });

    it('sorts by create time ASC or DESC, also deep in the list', async () => {
      await check({}, 'ASC');
      await check({}, 'DESC', 57, 100);
      await check({}, 'ASC', 200, 11);
    });

    it('pages stably: walking a window page by page yields every order once, even with equal create times', async () => {
      const orders = await all();
      const counts = new Map<number, number>();
      for (const o of orders) counts.set(o.createTime, (counts.get(o.createTime) ?? 0) + 1);
      const tie = [...counts].find(([, n]) => n > 1)?.[0] ?? orders[0]!.createTime;
      const filter = { startDate: tie - 3 * DAY, endDate: tie + 3 * DAY };
      for (const sort of ['ASC', 'DESC'] as const) {
        const expected = filterOrders(orders, filter, sort);
        const seen: string[] = [];
        for (let page = 1; (page - 1) * 3 < expected.length; page++) {
          const got = await createClient(fixture().handler).ok(
            `orders-by-product?${query({ ...filter, sort, page, limit: 3 })}`,
            orderSchema,
            opts(),
          );
          expectOrderPage(got.items, expected, (page - 1) * 3, 3);
          seen.push(...got.items.map((o) => o.id));
        }
        expect(new Set(seen).size).toBe(seen.length);
        expect([...seen].sort()).toEqual(expected.map((o) => o.id).sort());
      }
    });

    it('filters by orderType, sampleOrder and status (any case)', async () => {
      for (const orderType of ['SETTLED', 'UNSETTLED', 'DRAFT'])
        expect((await check({ orderType })).length).toBeGreaterThan(0);
      for (const sampleOrder of ['YES', 'NO']) expect((await check({ sampleOrder })).length).toBeGreaterThan(0);
      expect((await check({ status: 'completed' })).length).toBeGreaterThan(0);
      expect((await check({ status: 'CANCELLED' })).length).toBeGreaterThan(0);
      await check({ status: 'NO_SUCH_STATUS' });
    });

    it('filters by part of the order number and of product fields, ignoring case', async () => {
      const orders = await all();
      const order = orders.find((o) => o.products.length > 1)!;
      const line = order.products[1]!;
      const filters: OrderFilter[] = [
        { orderNumber: order.orderNumber.slice(3, 12) },
        { productId: line.productId.slice(-6) },
        { name: line.name.slice(2, 9).toUpperCase() },
        { skuId: line.skuId.slice(-5).toUpperCase() },
        { skuName: line.skuName.slice(0, 4).toLowerCase() },
        { skuName: line.sellerSku.slice(1).toUpperCase() },
        { name: line.name, skuId: line.skuId },
      ];
      for (const f of filters) {
        const expected = await check(f);
        expect(
          expected.map((o) => o.id),
          JSON.stringify(f),
        ).toContain(order.id);
      }
    });

    it('matches %, _ and quotes literally', async () => {
      const orders = await all();
      for (const name of [...TRICKY_FILTERS, QUOTED_NAME_PART]) {
        const expected = await check({ name });
        expect(expected.length, name).toBeLessThan(orders.length);
      }
      await check({ orderNumber: '%' });
      await check({ skuName: '_' });
      expect((await check({ name: QUOTED_NAME_PART })).length).toBeGreaterThan(0);
    });

    it('applies startDate and endDate inclusively, and combines them with other filters', async () => {
      const order = (await all())[1234]!;
      const t = order.createTime;
      expect((await check({ startDate: t, endDate: t })).map((o) => o.id)).toContain(order.id);
      expect((await check({ startDate: t + 1, endDate: t + DAY })).map((o) => o.id)).not.toContain(order.id);
      expect((await check({ startDate: t - DAY, endDate: t - 1 })).map((o) => o.id)).not.toContain(order.id);
      await check({ startDate: t });
      await check({ endDate: t });
      await check({ startDate: t - 30 * DAY, endDate: t, status: 'COMPLETED' }, 'DESC', 2, 25);
      await check({ startDate: 0, endDate: 366 * DAY });
    });

    it('answers a page past the end with no items and the right totals', async () => {
      const total = (await all()).length;
      const limit = 100;
      const last = Math.ceil(total / limit);
      await check({}, 'DESC', last, limit);
      const got = await createClient(fixture().handler).ok(
        `orders-by-product?page=${last + 5}&limit=${limit}`,
        orderSchema,
        opts(),
      );
      expect(got).toEqual({ items: [], pagination: { page: last + 5, limit, total, totalPages: last } });
    });
  });
}
