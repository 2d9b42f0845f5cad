import type { OrdersQuery } from '@/lib/api/query-params';
import type { Order, OrderProduct } from '@/lib/contract';
import { foldCase } from '@/lib/db/sql-helpers';

// The orders view's filters applied to a stored order, with exactly the embedded service's
// semantics (lib/service/store/order-query.ts), so an export read from the local store has the
// same rows as one paged from the upstream: status equal ignoring case; order type and sample flag
// equal; order number contains (ignoring case); the product filters contain (ignoring case) and
// must all match the SAME line (the service resolves them together against one line descriptor).

export type OrderFilters = Pick<
  OrdersQuery,
  'status' | 'orderType' | 'sampleOrder' | 'orderNumber' | 'productId' | 'name' | 'skuId' | 'skuName'
>;

const contains = (text: string, needle: string) => foldCase(text).includes(needle);

function lineMatcher(f: OrderFilters): ((line: OrderProduct) => boolean) | null {
  const productId = f.productId === undefined ? undefined : foldCase(f.productId);
  const name = f.name === undefined ? undefined : foldCase(f.name);
  const skuId = f.skuId === undefined ? undefined : foldCase(f.skuId);
  const skuName = f.skuName === undefined ? undefined : foldCase(f.skuName);
  if (productId === undefined && name === undefined && skuId === undefined && skuName === undefined) return null;
  return (line) =>
    (productId === undefined || contains(line.productId, productId)) &&
    (name === undefined || contains(line.name, name)) &&
    (skuId === undefined || contains(line.skuId, skuId)) &&
    // The service's SKU-name filter matches the SKU name or the seller SKU.
    (skuName === undefined || contains(line.skuName, skuName) || contains(line.sellerSku, skuName));
}

/** A predicate over orders for `filters` (needles folded once, not per order). */
export function orderFilter(filters: OrderFilters): (order: Order) => boolean {
  const status = filters.status === undefined ? undefined : foldCase(filters.status);
  const orderNumber = filters.orderNumber === undefined ? undefined : foldCase(filters.orderNumber);
  const line = lineMatcher(filters);
  return (order) =>
    (status === undefined || foldCase(order.status) === status) &&
    (filters.orderType === undefined || order.orderType === filters.orderType) &&
    (filters.sampleOrder === undefined || order.sampleOrder === filters.sampleOrder) &&
    (orderNumber === undefined || contains(order.orderNumber, orderNumber)) &&
    (line === null || order.products.some(line));
}
