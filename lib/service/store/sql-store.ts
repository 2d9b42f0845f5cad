import type { CompiledQuery, Kysely } from 'kysely';
import type { Database as SqliteHandle } from 'better-sqlite3';
import type { SqlDialect } from '@/lib/db/open-database';
import { containsText, foldCase } from '@/lib/db/sql-helpers';
import { paginate, type Order, type Page, type Product, type RefundDay, type Shop } from '@/lib/contract';
import type { OrdersQuery, ProductsQuery, RefundsQuery, ShopsQuery } from '@/lib/contract';
import { Memo, memoEntries } from './memo';
import {
  chooseShape,
  collectIds,
  countOrders,
  hasProductFilter,
  orderFilterKey,
  payloadsOf,
  resolveVariants,
} from './order-query';
import { pagePayloadsQuery, productFilterKey } from './order-query';
import { withoutProductFilters, type KeyShape, type OrderFilter } from './order-query';
import type { ServiceDatabase } from './schema';
import { SettlementClock } from './settlement';
import type { AppCredential, RawPage, ServiceStore } from './types';

// The ServiceStore on Kysely: the same statements on SQLite and PostgreSQL (dialect differences
// live in lib/db/sql-helpers). Resources come back as their stored JSON payloads.

/** Results up to this size are collected and memoised as id lists (at most ~1 MB each). */
const COLLECT_LIMIT = 20_000;

function emptyRawPage(total: number, page: number, limit: number): RawPage {
  return { itemsJson: [], pagination: paginate(total, page, limit) };
}

export interface SqlServiceStoreOptions {
  /** The clock orders settle by, in milliseconds (default Date.now); tests move it. */
  now?: () => number;
}

function parsePayloads<T>(payloads: string[]): T[] {
  return payloads.map((p) => JSON.parse(p) as T);
}

export class SqlServiceStore implements ServiceStore {
  private readonly memos = memoEntries();
  private readonly counts = new Memo<number>(this.memos, 'counts');
  private readonly idLists = new Memo<string[]>(this.memos, 'ids');
  private readonly shapes = new Memo<KeyShape>(this.memos, 'shapes');
  /** Line variants matching a shop's product filters (a scan of the shop's variant table each). */
  private readonly variants = new Memo<number[]>(this.memos, 'variants');
  /** Compiled page statements: building and compiling one costs more than running it on SQLite. */
  private readonly pageQueries = new Memo<CompiledQuery<{ json: Uint8Array }>>(this.memos, 'pages');
  private readonly settlements: SettlementClock;

  constructor(
    readonly db: Kysely<ServiceDatabase>,
    readonly dialect: SqlDialect,
    /** better-sqlite3 handle on SQLite (bulk loads only); null on PostgreSQL. */
    readonly sqlite: SqliteHandle | null = null,
    options: SqlServiceStoreOptions = {},
  ) {
    this.settlements = new SettlementClock(db, dialect, options.now ?? Date.now, () => this.invalidateCaches());
  }

  /** True when no account exists yet (the demo data has not been generated). */
  async isEmpty(): Promise<boolean> {
    const row = await this.db.selectFrom('svc_account').select('id').limit(1).executeTakeFirst();
    return row === undefined;
  }

  async getMeta(key: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('svc_meta').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  }

  /** Forget memoised totals; every writer calls this after it commits. */
  invalidateCaches(): void {
    this.counts.clear();
    this.idLists.clear();
    this.shapes.clear();
    this.variants.clear();
    this.pageQueries.clear();
  }

  async findCredential(appKey: string): Promise<AppCredential | undefined> {
    const row = await this.db
      .selectFrom('svc_app_key as k')
      .innerJoin('svc_account as a', 'a.id', 'k.account_id')
      .select(['k.app_key', 'k.secret_hash', 'k.salt', 'k.account_id', 'a.rest_feature'])
      .where('k.app_key', '=', appKey)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      appKey: row.app_key,
      secretHash: row.secret_hash,
      salt: row.salt,
      restFeature: Number(row.rest_feature) === 1,
      accountId: row.account_id,
    };
  }

  private shopsOfKey(appKey: string) {
    return this.db
      .selectFrom('svc_shop as s')
      .innerJoin('svc_app_key as k', 'k.account_id', 's.account_id')
      .where('k.app_key', '=', appKey)
      .where('s.active', '=', 1);
  }

  async listShops(appKey: string, q: ShopsQuery): Promise<Page<Shop>> {
    let query = this.shopsOfKey(appKey);
    if (q.id !== undefined) query = query.where('s.id', '=', q.id);
    if (q.name !== undefined) query = query.where(containsText(this.dialect, 's.name_lc', foldCase(q.name)));
    const all = await query.select('s.payload').orderBy('s.position').orderBy('s.id').execute();
    const start = (q.page - 1) * q.limit;
    const items = parsePayloads<Shop>(all.slice(start, start + q.limit).map((r) => r.payload));
    return { items, pagination: paginate(all.length, q.page, q.limit) };
  }

  async findShopForKey(appKey: string, shopId: string): Promise<Shop | undefined> {
    const row = await this.shopsOfKey(appKey).select('s.payload').where('s.id', '=', shopId).executeTakeFirst();
    return row ? (JSON.parse(row.payload) as Shop) : undefined;
  }

  async listProducts(shopId: string, q: ProductsQuery): Promise<Page<Product>> {
    const d = this.dialect;
    let query = this.db.selectFrom('svc_product as p').where('p.shop_id', '=', shopId);
    if (q.name !== undefined) query = query.where(containsText(d, 'p.name_lc', foldCase(q.name)));
    if (q.productId !== undefined) query = query.where(containsText(d, 'p.product_id_lc', foldCase(q.productId)));
    if (q.skuName !== undefined || q.skuId !== undefined) {
      // A product matches when one of its SKUs matches both SKU filters; it keeps all its SKUs.
      query = query.where((eb) => {
        let skus = eb.selectFrom('svc_sku as s').select('s.id').whereRef('s.product_ref', '=', 'p.id');
        if (q.skuName !== undefined) skus = skus.where(containsText(d, 's.seller_sku_lc', foldCase(q.skuName)));
        if (q.skuId !== undefined) skus = skus.where(containsText(d, 's.sku_id_lc', foldCase(q.skuId)));
        return eb.exists(skus);
      });
    }
    const all = await query.select('p.payload').orderBy('p.position').orderBy('p.id').execute();
    const start = (q.page - 1) * q.limit;
    const items = parsePayloads<Product>(all.slice(start, start + q.limit).map((r) => r.payload));
    return { items, pagination: paginate(all.length, q.page, q.limit) };
  }

  async listOrders(shopId: string, q: OrdersQuery): Promise<Page<Order>> {
    const { itemsJson, pagination } = await this.listOrdersRaw(shopId, q);
    const text = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
    return { items: parsePayloads<Order>(itemsJson.map(text)), pagination };
  }

  async listOrdersRaw(shopId: string, q: OrdersQuery): Promise<RawPage> {
    // Orders are the only resource settlement changes; most calls skip this without awaiting.
    const settling = this.settlements.due();
    if (settling) await settling;
    const variants = hasProductFilter(q)
      ? await this.variants.get(productFilterKey(shopId, q), () => resolveVariants(this.db, this.dialect, shopId, q))
      : undefined;
    if (variants !== undefined && variants.length === 0) return emptyRawPage(0, q.page, q.limit);
    const filter: OrderFilter = { db: this.db, dialect: this.dialect, shopId, q, variants };
    const key = orderFilterKey(shopId, q);
    const baseTotal = () => {
      const base = { ...filter, q: withoutProductFilters(q), variants: undefined };
      return this.counts.get(orderFilterKey(shopId, base.q), () => countOrders(base, 'seek'));
    };
    const shape = await this.shapes.get(key, () => chooseShape(filter, baseTotal));
    const total = await this.counts.get(key, () => countOrders(filter, shape));
    const offset = (q.page - 1) * q.limit;
    if (offset >= total) return emptyRawPage(total, q.page, q.limit);
    const pagination = paginate(total, q.page, q.limit);
    if (total <= COLLECT_LIMIT) {
      // A small result is collected once (its keys only) and every page is a slice of it; this
      // also serves sparse filters, whose page walk would read far past the matches.
      const all = await this.idLists.get(key, () => collectIds(filter, shape));
      const ids =
        q.sort === 'ASC'
          ? all.slice(offset, offset + q.limit)
          : all.slice(Math.max(0, all.length - offset - q.limit), all.length - offset).reverse();
      return { itemsJson: await payloadsOf(this.db, this.dialect, ids), pagination };
    }
    const pageKey = JSON.stringify([key, q.sort, q.limit, q.page]);
    const query = await this.pageQueries.get(pageKey, async () =>
      pagePayloadsQuery(filter, shape === 'probe' ? 'probe' : 'walk'),
    );
    const { rows } = await this.db.executeQuery(query);
    return { itemsJson: rows.map((r) => r.json), pagination };
  }

  async listRefunds(shopId: string, q: RefundsQuery): Promise<Page<RefundDay>> {
    const range = this.db
      .selectFrom('svc_refund_day')
      .where('shop_id', '=', shopId)
      .where('date', '>=', q.startDate)
      .where('date', '<=', q.endDate);
    const direction = q.sort === 'ASC' ? 'asc' : 'desc';
    const [rows, counted] = await Promise.all([
      range
        .select('payload')
        .orderBy('date', direction)
        .limit(q.limit)
        .offset((q.page - 1) * q.limit)
        .execute(),
      range.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const total = Number(counted.n);
    return {
      items: parsePayloads<RefundDay>(rows.map((r) => r.payload)),
      pagination: paginate(total, q.page, q.limit),
    };
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}
