import type { Order, Page, Pagination, Product, RefundDay, Shop } from '@/lib/contract';
import type { OrdersQuery, ProductsQuery, RefundsQuery, ShopsQuery } from '@/lib/contract';

// The embedded service's storage port. The handler only talks to this interface; the SQLite and
// PostgreSQL implementations share one Kysely code path.

export interface AppCredential {
  appKey: string;
  /** scrypt hash of the secret, hex; compared in constant time by the handler. */
  secretHash: string;
  salt: string;
  /** The REST API feature is on the account's plan. */
  restFeature: boolean;
  accountId: string;
}

/** A page whose items are their stored JSON as UTF-8 bytes: exactly `JSON.stringify` of each typed item. */
export interface RawPage {
  itemsJson: Uint8Array[];
  pagination: Pagination;
}

export interface ServiceStore {
  findCredential(appKey: string): Promise<AppCredential | undefined>;
  /** Active shops connected to the app key, filtered and paginated . */
  listShops(appKey: string, query: ShopsQuery): Promise<Page<Shop>>;
  /** The shop when it exists, is active and is connected to the app key; otherwise undefined. */
  findShopForKey(appKey: string, shopId: string): Promise<Shop | undefined>;
  listProducts(shopId: string, query: ProductsQuery): Promise<Page<Product>>;
  listOrders(shopId: string, query: OrdersQuery): Promise<Page<Order>>;
  /**
   * The same page as listOrders, items left as stored JSON bytes: the handler splices them into the
   * response instead of parsing and re-serialising a large page. Optional; listOrders is used without it.
   */
  listOrdersRaw?(shopId: string, query: OrdersQuery): Promise<RawPage>;
  listRefunds(shopId: string, query: RefundsQuery): Promise<Page<RefundDay>>;
  close(): Promise<void>;
}
