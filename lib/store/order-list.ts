import { sql } from 'kysely';
import type { Order, OrderProduct, OrderType } from '@/lib/contract';
import { foldCase } from '@/lib/db/sql-helpers';
import type { OrderStore } from './order-store';

// Orders read back from the local order store exactly as the upstream would list them: the same
// filters with the same semantics, in the service's order (create time, then id, both in the
// requested direction), paged the same way. The orders table and the orders export read here when
// the store holds their range.

// The orders view's filters applied to a stored order, with exactly the embedded service's
// semantics (lib/service/store/order-query.ts), so an export read from the local store has the
// same rows as one paged from the upstream: status equal ignoring case; order type and sample flag
// equal; order number contains (ignoring case); the product filters contain (ignoring case) and
// must all match the SAME line (the service resolves them together against one line descriptor).

/** The orders view's filters (each optional, undefined: no filter). */
export interface OrderFilters {
  status?: string | undefined;
  orderType?: OrderType | undefined;
  sampleOrder?: 'YES' | 'NO' | undefined;
  orderNumber?: string | undefined;
  productId?: string | undefined;
  name?: string | undefined;
  skuId?: string | undefined;
  skuName?: string | undefined;
}

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

export interface StoredOrdersQuery {
  shopId: string;
  /** Unix seconds, inclusive (as the upstream's startDate/endDate). */
  startDate: number;
  endDate: number;
  sort: 'asc' | 'desc';
  /** Exact, so it can narrow the scan in SQL; every other filter needs the service's case folding. */
  orderType?: OrderType | undefined;
  batchSize?: number;
}

export async function* storedOrders(store: OrderStore, q: StoredOrdersQuery): AsyncGenerator<Order[]> {
  const direction = q.sort;
  const op = direction === 'asc' ? '>' : '<';
  // The service breaks time ties by id in binary order; PostgreSQL's default collation may not.
  const id = store.dialect === 'postgres' ? sql<string>`order_id collate "C"` : sql.ref<string>('order_id');
  const size = q.batchSize ?? 500;
  let after: { t: number; id: string } | null = null;
  for (;;) {
    const cursor: { t: number; id: string } | null = after;
    const rows = await store.db
      .selectFrom('st_order')
      .select(['order_id', 'create_time', 'payload'])
      .where('shop_id', '=', q.shopId)
      .where('create_time', '>=', q.startDate)
      .where('create_time', '<=', q.endDate)
      .$if(q.orderType !== undefined, (qb) => qb.where('order_type', '=', q.orderType!))
      .$if(cursor !== null, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('create_time', op, cursor!.t),
            eb.and([eb('create_time', '=', cursor!.t), eb(id, op, cursor!.id)]),
          ]),
        ),
      )
      .orderBy('create_time', direction)
      .orderBy(id, direction)
      .limit(size)
      .execute();
    const last = rows.at(-1);
    if (!last) return;
    // Payloads were written by the sync from upstream orders that had passed the contract's schema.
    yield rows.map((r) => JSON.parse(r.payload) as Order);
    if (rows.length < size) return;
    after = { t: Number(last.create_time), id: last.order_id };
    // A year's export reads ~40 batches: let other requests in between them (SQLite reads are
    // synchronous, so without a turn of the event loop the whole export would run as one block).
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export interface StoredOrderPageQuery extends OrderFilters {
  shopId: string;
  startDate: number;
  endDate: number;
  sort: 'asc' | 'desc';
  page: number;
  limit: number;
}

const hasTextFilter = (f: OrderFilters) =>
  [f.orderNumber, f.productId, f.name, f.skuId, f.skuName].some((v) => v !== undefined);

/**
 * One page of the stored orders of [startDate, endDate] and how many match in all, as the
 * upstream's orders-by-product answers it. Without a text filter the count and the page are two
 * index range statements (status, order type and the sample flag are exact or ASCII case-folded
 * columns); the text filters need the service's Unicode case folding, so those pages walk the
 * range's orders in order and match each one as the service does.
 */
export async function storedOrderPage(
  store: OrderStore,
  q: StoredOrderPageQuery,
): Promise<{ items: Order[]; total: number }> {
  const offset = (q.page - 1) * q.limit;
  if (hasTextFilter(q)) {
    const matches = orderFilter(q);
    const items: Order[] = [];
    let total = 0;
    for await (const batch of storedOrders(store, { ...q, orderType: q.orderType, batchSize: 1_000 })) {
      for (const order of batch) {
        if (!matches(order)) continue;
        if (total >= offset && items.length < q.limit) items.push(order);
        total++;
      }
    }
    return { items, total };
  }
  const id = store.dialect === 'postgres' ? sql<string>`order_id collate "C"` : sql.ref<string>('order_id');
  const filtered = store.db
    .selectFrom('st_order')
    .where('shop_id', '=', q.shopId)
    .where('create_time', '>=', q.startDate)
    .where('create_time', '<=', q.endDate)
    .$if(q.orderType !== undefined, (qb) => qb.where('order_type', '=', q.orderType!))
    .$if(q.sampleOrder !== undefined, (qb) => qb.where('sample', '=', q.sampleOrder === 'YES' ? 1 : 0))
    // Statuses are ASCII words: SQL's lower() folds them as the service's Unicode folding does.
    .$if(q.status !== undefined, (qb) => qb.where(sql`lower(status)`, '=', foldCase(q.status!)));
  const [count, rows] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    filtered
      .select('payload')
      .orderBy('create_time', q.sort)
      .orderBy(id, q.sort)
      .limit(q.limit)
      .offset(offset)
      .execute(),
  ]);
  return { items: rows.map((r) => JSON.parse(r.payload) as Order), total: Number(count?.n ?? 0) };
}
