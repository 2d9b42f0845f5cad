import { sql, type CompiledQuery, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { SqlDialect } from '@/lib/db/open-database';
import { containsText, foldCase, utf8Bytes } from '@/lib/db/sql-helpers';
import type { OrdersQuery } from '@/lib/contract';
import type { ServiceDatabase, SvcOrderTable } from './schema';

// Orders-by-product (docs/reporting-service.md, The endpoints). Product filters (productId, name, skuId, skuName) are resolved
// first against the shop's small set of distinct line descriptors (svc_line_variant); an order
// matches when one of its lines has a matching descriptor. The queries below return only order
// keys (create_time, id) from indexes; payloads are fetched for the page's ids alone.

type Db = Kysely<ServiceDatabase>;
type KeysQuery = SelectQueryBuilder<ServiceDatabase & { o: SvcOrderTable }, 'o', { t: number; id: string }>;

export interface OrderFilter {
  db: Db;
  dialect: SqlDialect;
  shopId: string;
  q: OrdersQuery;
  /** Matching line variants; undefined when no product filter is given. */
  variants: number[] | undefined;
}

export function hasProductFilter(q: OrdersQuery): boolean {
  return q.productId !== undefined || q.name !== undefined || q.skuId !== undefined || q.skuName !== undefined;
}

/** Variant numbers whose line matches every product filter given (on the same line). */
export async function resolveVariants(db: Db, dialect: SqlDialect, shopId: string, q: OrdersQuery): Promise<number[]> {
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

function hasOrderFilter(q: OrdersQuery): boolean {
  return (
    q.orderType !== undefined || q.sampleOrder !== undefined || q.status !== undefined || q.orderNumber !== undefined
  );
}

/** Conditions on the order table (alias `o`), as expressions so both key queries can share them. */
function orderConditions(f: OrderFilter) {
  const { dialect, q } = f;
  const ref = (column: string) => sql.ref<string>(`o.${column}`);
  const conditions = [];
  if (q.orderType !== undefined) conditions.push(sql<boolean>`${ref('order_type')} = ${q.orderType}`);
  if (q.sampleOrder !== undefined) conditions.push(sql<boolean>`${ref('sample_order')} = ${q.sampleOrder}`);
  if (q.status !== undefined) conditions.push(sql<boolean>`${ref('status_lc')} = ${foldCase(q.status)}`);
  if (q.orderNumber !== undefined) conditions.push(containsText(dialect, 'o.order_number_lc', foldCase(q.orderNumber)));
  return conditions;
}

/**
 * How product-filtered keys are read. `seek`: the matching variants' lines (index seeks), each
 * joined to its order when order-level filters apply; `walk`: the same lines in create-time order
 * (a page of a large result); `probe`: orders narrowed by their own indexes, each probing its lines
 * (when order-level filters are the selective part).
 */
export type KeyShape = 'seek' | 'walk' | 'probe';

/** The matching orders' keys (t = create_time, id). */
export function orderKeys(f: OrderFilter, shape: KeyShape): KeysQuery {
  const { db, shopId, q, variants } = f;
  const conditions = orderConditions(f);
  if (variants === undefined || shape === 'probe') {
    let query = db
      .selectFrom('svc_order as o')
      .select(['o.create_time as t', 'o.id as id'])
      .where('o.shop_id', '=', shopId);
    if (q.startDate !== undefined) query = query.where('o.create_time', '>=', q.startDate);
    if (q.endDate !== undefined) query = query.where('o.create_time', '<=', q.endDate);
    for (const condition of conditions) query = query.where(condition);
    if (variants !== undefined) {
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('svc_order_line as l')
            .select('l.order_id')
            .whereRef('l.shop_id', '=', 'o.shop_id')
            .where('l.variant_no', 'in', variants)
            .whereRef('l.create_time', '=', 'o.create_time')
            .whereRef('l.order_id', '=', 'o.id'),
        ),
      );
    }
    return query;
  }
  // Unary plus hides variant_no from the planner's index choice, so a walk follows the
  // (shop_id, create_time, …) index in page order instead of seeking each variant and sorting.
  const variant = shape === 'walk' ? sql<number>`+l.variant_no` : sql.ref<number>('l.variant_no');
  let query = db
    .selectFrom('svc_order_line as l')
    .$if(conditions.length > 0, (qb) => qb.innerJoin('svc_order as o', 'o.id', 'l.order_id'))
    .select(['l.create_time as t', 'l.order_id as id'])
    .distinct()
    .where('l.shop_id', '=', shopId)
    .where(variant, 'in', variants);
  if (q.startDate !== undefined) query = query.where('l.create_time', '>=', q.startDate);
  if (q.endDate !== undefined) query = query.where('l.create_time', '<=', q.endDate);
  for (const condition of conditions) query = query.where(condition);
  // Both shapes select (t, id); callers only order, limit and read them, so one type serves.
  return query as unknown as KeysQuery;
}

/**
 * With both product and order-level filters, drive from whichever side reads fewer index entries:
 * orders passing the order-level filters (each probing |variants| line keys) or matching lines
 * (each joining its order). `baseTotal` is the memoised count without the product filters.
 */
export async function chooseShape(f: OrderFilter, baseTotal: () => Promise<number>): Promise<'seek' | 'probe'> {
  if (f.variants === undefined || !hasOrderFilter(f.q)) return 'seek';
  let lines = f.db
    .selectFrom('svc_order_line as l')
    .select(sql<number>`count(*)`.as('n'))
    .where('l.shop_id', '=', f.shopId)
    .where('l.variant_no', 'in', f.variants);
  if (f.q.startDate !== undefined) lines = lines.where('l.create_time', '>=', f.q.startDate);
  if (f.q.endDate !== undefined) lines = lines.where('l.create_time', '<=', f.q.endDate);
  const [orders, matchingLines] = await Promise.all([baseTotal(), lines.executeTakeFirstOrThrow()]);
  return orders * f.variants.length < Number(matchingLines.n) * 2 ? 'probe' : 'seek';
}

export function withoutProductFilters(q: OrdersQuery): OrdersQuery {
  return { ...q, productId: undefined, name: undefined, skuId: undefined, skuName: undefined };
}

export async function countOrders(f: OrderFilter, shape: KeyShape): Promise<number> {
  const row = await f.db
    .selectFrom(orderKeys(f, shape).as('k'))
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function pageOf(f: OrderFilter, shape: KeyShape) {
  const direction = f.q.sort === 'ASC' ? 'asc' : 'desc';
  return orderKeys(f, shape)
    .orderBy('t', direction)
    .orderBy('id', direction)
    .limit(f.q.limit)
    .offset((f.q.page - 1) * f.q.limit);
}

/**
 * The statement reading one page's payloads (UTF-8) in create-time order, for results too large to
 * collect: one statement, so one build, compile and round trip. Without product filters the
 * payloads come straight with the keys: SQLite seeks a table row only for the rows it returns
 * (rows skipped by OFFSET stay in the index); PostgreSQL would fetch every skipped row's heap
 * tuple, so there only page 1 reads that way. Otherwise the page's keys are read first (index
 * only) and joined to their orders.
 */
export function pagePayloadsQuery(f: OrderFilter, shape: KeyShape): CompiledQuery<{ json: Uint8Array }> {
  if (f.variants === undefined && (f.dialect === 'sqlite' || f.q.page === 1)) {
    return pageOf(f, shape).select(utf8Bytes(f.dialect, 'o.payload').as('json')).compile();
  }
  const direction = f.q.sort === 'ASC' ? 'asc' : 'desc';
  return f.db
    .selectFrom(pageOf(f, shape).as('k'))
    .innerJoin('svc_order as o', 'o.id', 'k.id')
    .select(utf8Bytes(f.dialect, 'o.payload').as('json'))
    .orderBy('k.t', direction)
    .orderBy('k.id', direction)
    .compile();
}

/**
 * Every matching id, oldest first (small results: memoised, then sliced per page). Sorted here
 * rather than in SQL, so the planner reads the narrowest covering index instead of walking the
 * time index for its order. Ids are ASCII, so JS string order is the database's binary order.
 */
export async function collectIds(f: OrderFilter, shape: KeyShape): Promise<string[]> {
  const rows = await orderKeys(f, shape).execute();
  rows.sort((a, b) => Number(a.t) - Number(b.t) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return rows.map((r) => r.id);
}

/** The stored payloads of `ids` as UTF-8 bytes, in the order of `ids`. */
export async function payloadsOf(db: Db, dialect: SqlDialect, ids: string[]): Promise<Uint8Array[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('svc_order')
    .select(['id', utf8Bytes(dialect, 'payload').as('json')])
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r.json]));
  return ids.map((id) => byId.get(id)).filter((p): p is Uint8Array => p !== undefined);
}

/** A stable memo key of the product filters alone (what resolveVariants answers). */
export function productFilterKey(shopId: string, q: OrdersQuery): string {
  const fold = (v: string | undefined) => (v === undefined ? null : foldCase(v));
  return JSON.stringify([shopId, fold(q.productId), fold(q.name), fold(q.skuId), fold(q.skuName)]);
}

/** A stable memo key of everything that changes the matching set (not page, limit or sort). */
export function orderFilterKey(shopId: string, q: OrdersQuery): string {
  const fold = (v: string | undefined) => (v === undefined ? null : foldCase(v));
  return JSON.stringify([
    shopId,
    fold(q.orderNumber),
    q.orderType,
    q.sampleOrder,
    fold(q.status),
    q.startDate,
    q.endDate,
    fold(q.productId),
    fold(q.name),
    fold(q.skuId),
    fold(q.skuName),
  ]);
}
