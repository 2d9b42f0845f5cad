import { ordersView, type OrdersQuery } from '@/lib/views/orders';
import { rangeView, type RangeQuery } from '@/lib/views/refunds';
import { schemaOf } from '@/lib/views/schema';

// A view's query parsed as its route parses it (lib/views), for tests that call loaders directly.

/** The orders query a route hands to loadOrders/orderExport (the cost view split off, as the route does). */
export function ordersQuery(params: Record<string, string | undefined>): OrdersQuery {
  const { costs: _costs, allocate: _allocate, ...query } = schemaOf(ordersView).parse(params);
  return query;
}

export function rangeQuery(params: Record<string, string | undefined>): RangeQuery {
  return schemaOf(rangeView).parse(params);
}
