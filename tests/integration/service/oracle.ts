import { expect } from 'vitest';
import type { Order, Product, RefundDay } from '@/lib/contract';

// The spec's filter and sort rules written out plainly in JavaScript, applied to the ground truth
// read from the store's tables. The handler's answers must agree with them.

/** "Match part of the value and ignore case" (docs/reporting-service.md, The endpoints), with every character literal. */
export const contains = (value: string, needle: string) => value.toLowerCase().includes(needle.toLowerCase());

export interface OrderFilter {
  orderNumber?: string;
  orderType?: string;
  sampleOrder?: string;
  status?: string;
  startDate?: number;
  endDate?: number;
  productId?: string;
  name?: string;
  skuId?: string;
  skuName?: string;
}

/** An order matches when one of its lines matches every product filter given. */
export function matchOrder(order: Order, f: OrderFilter): boolean {
  if (f.orderNumber !== undefined && !contains(order.orderNumber, f.orderNumber)) return false;
  if (f.orderType !== undefined && order.orderType !== f.orderType) return false;
  if (f.sampleOrder !== undefined && order.sampleOrder !== f.sampleOrder) return false;
  if (f.status !== undefined && order.status.toLowerCase() !== f.status.toLowerCase()) return false;
  if (f.startDate !== undefined && order.createTime < f.startDate) return false;
  if (f.endDate !== undefined && order.createTime > f.endDate) return false;
  const lineFilters = f.productId ?? f.name ?? f.skuId ?? f.skuName;
  if (lineFilters === undefined) return true;
  return order.products.some(
    (p) =>
      (f.productId === undefined || contains(p.productId, f.productId)) &&
      (f.name === undefined || contains(p.name, f.name)) &&
      (f.skuId === undefined || contains(p.skuId, f.skuId)) &&
      (f.skuName === undefined || contains(p.skuName, f.skuName) || contains(p.sellerSku, f.skuName)),
  );
}

export function filterOrders(orders: Order[], f: OrderFilter, sort: 'ASC' | 'DESC' = 'DESC'): Order[] {
  const sign = sort === 'ASC' ? 1 : -1;
  return orders.filter((o) => matchOrder(o, f)).sort((a, b) => sign * (a.createTime - b.createTime));
}

export interface ProductFilter {
  name?: string;
  productId?: string;
  skuName?: string;
  skuId?: string;
}

/** Products: name and productId on the product; skuName (seller SKU) and skuId on one of its SKUs. */
export function filterProducts(products: Product[], f: ProductFilter): Product[] {
  return products.filter(
    (p) =>
      (f.name === undefined || contains(p.name, f.name)) &&
      (f.productId === undefined || contains(p.productId, f.productId)) &&
      p.skus.some(
        (s) =>
          (f.skuName === undefined || contains(s.sku, f.skuName)) && (f.skuId === undefined || contains(s.id, f.skuId)),
      ),
  );
}

export function filterRefunds(days: RefundDay[], startDate: number, endDate: number, sort: 'ASC' | 'DESC' = 'DESC') {
  const sign = sort === 'ASC' ? 1 : -1;
  return days.filter((d) => d.date >= startDate && d.date <= endDate).sort((a, b) => sign * (a.date - b.date));
}

/**
 * A page of orders agrees with the oracle's sorted list at `offset`: the same create times in the
 * same order, every item one the oracle expects. (Which of two orders with the same create time
 * comes first is the service's tie-breaker; walkAll checks that it is stable.)
 */
export function expectOrderPage(items: Order[], expected: Order[], offset: number, limit: number) {
  const slice = expected.slice(offset, offset + limit);
  expect(items.map((o) => o.createTime)).toEqual(slice.map((o) => o.createTime));
  const ids = new Set(expected.map((o) => o.id));
  for (const item of items) expect(ids.has(item.id), `unexpected order ${item.id}`).toBe(true);
}

/** Part of a demo product name with markup, an ampersand and both kinds of quote. */
export const QUOTED_NAME_PART = '<b>Bold</b> & "Quoted" \'Ed';

/** Inputs with characters that LIKE or string-built SQL would treat specially. */
export const TRICKY_FILTERS = ['%', '_', '%%', 'a_b', "'", '"', "'; --", '\\', '[a]'];
