import { sql } from 'kysely';
import type { Order, OrderType } from '@/lib/contract';
import type { OrderStore } from '@/lib/store/order-store';

// Orders of a time range read back from the local order store, in the service's order (create
// time, then id, both in the requested direction) and in batches: keyset paging keeps memory flat
// and each statement an index range scan, however long the range.

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
  }
}
