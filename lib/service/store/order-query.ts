import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { SqlDialect } from '@/lib/db/open-database';
import { containsText, foldCase } from '@/lib/db/sql-helpers';
import type { OrdersQuery } from '@/lib/contract';
import type { ServiceDatabase, SvcOrderTable } from './schema';

// Orders-by-product (spec 4.3). Product filters (productId, name, skuId, skuName) are first
// resolved against the shop's small set of distinct line descriptors (svc_line_variant); an order
// matches when one of its lines has a matching descriptor. All other filters narrow indexed
// columns of svc_order, and pages walk (shop_id, create_time, id) in the requested direction.

type OrderSelect = SelectQueryBuilder<ServiceDatabase & { o: SvcOrderTable }, 'o', object>;

export function hasProductFilter(q: OrdersQuery): boolean {
  return q.productId !== undefined || q.name !== undefined || q.skuId !== undefined || q.skuName !== undefined;
}

/** Variant numbers whose line matches every product filter given (on the same line). */
export async function resolveVariants(
  db: Kysely<ServiceDatabase>,
  dialect: SqlDialect,
  shopId: string,
  q: OrdersQuery,
): Promise<number[]> {
  let query = db.selectFrom('svc_line_variant').select('variant_no').where('shop_id', '=', shopId);
  if (q.productId !== undefined) query = query.where(containsText(dialect, 'product_id_lc', foldCase(q.productId)));
  if (q.name !== undefined) query = query.where(containsText(dialect, 'name_lc', foldCase(q.name)));
  if (q.skuId !== undefined) query = query.where(containsText(dialect, 'sku_id_lc', foldCase(q.skuId)));
  if (q.skuName !== undefined) {
    const needle = foldCase(q.skuName);
    query = query.where((eb) =>
      eb.or([containsText(dialect, 'sku_name_lc', needle), containsText(dialect, 'seller_sku_lc', needle)]),
    );
  }
  const rows = await query.orderBy('variant_no').execute();
  return rows.map((r) => r.variant_no);
}

/** The filtered order set of a shop; `variants` is undefined when no product filter applies. */
export function filteredOrders(
  db: Kysely<ServiceDatabase>,
  dialect: SqlDialect,
  shopId: string,
  q: OrdersQuery,
  variants: number[] | undefined,
): OrderSelect {
  let query: OrderSelect = db.selectFrom('svc_order as o').where('o.shop_id', '=', shopId);
  if (q.orderType !== undefined) query = query.where('o.order_type', '=', q.orderType);
  if (q.sampleOrder !== undefined) query = query.where('o.sample_order', '=', q.sampleOrder);
  if (q.status !== undefined) query = query.where('o.status_lc', '=', foldCase(q.status));
  if (q.startDate !== undefined) query = query.where('o.create_time', '>=', q.startDate);
  if (q.endDate !== undefined) query = query.where('o.create_time', '<=', q.endDate);
  if (q.orderNumber !== undefined) query = query.where(containsText(dialect, 'o.order_number_lc', foldCase(q.orderNumber)));
  if (variants !== undefined) {
    query = query.where('o.id', 'in', (eb) => {
      let lines = eb
        .selectFrom('svc_order_line as l')
        .select('l.order_id')
        .where('l.shop_id', '=', shopId)
        .where('l.variant_no', 'in', variants);
      // Repeating the date range on the line table keeps the subquery an index range.
      if (q.startDate !== undefined) lines = lines.where('l.create_time', '>=', q.startDate);
      if (q.endDate !== undefined) lines = lines.where('l.create_time', '<=', q.endDate);
      return lines;
    });
  }
  return query;
}

/** A stable memo key of everything that changes the matching set (not page, limit or sort). */
export function orderFilterKey(shopId: string, q: OrdersQuery): string {
  return JSON.stringify([
    'orders',
    shopId,
    q.orderNumber,
    q.orderType,
    q.sampleOrder,
    q.status === undefined ? undefined : foldCase(q.status),
    q.startDate,
    q.endDate,
    q.productId === undefined ? undefined : foldCase(q.productId),
    q.name === undefined ? undefined : foldCase(q.name),
    q.skuId === undefined ? undefined : foldCase(q.skuId),
    q.skuName === undefined ? undefined : foldCase(q.skuName),
  ]);
}

export async function countOrders(query: OrderSelect): Promise<number> {
  const row = await query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function pageOfOrders(query: OrderSelect, q: OrdersQuery): Promise<string[]> {
  const direction = q.sort === 'ASC' ? 'asc' : 'desc';
  const rows = await query
    .select('o.payload')
    .orderBy('o.create_time', direction)
    .orderBy('o.id', direction)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return rows.map((r) => r.payload);
}
