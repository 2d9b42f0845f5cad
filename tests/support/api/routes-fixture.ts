import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Product, Shop } from '@/lib/contract';
import { setUpstreamClientForTests } from '@/lib/server/upstream';
import { resetLoginThrottleForTests } from '@/lib/session/login-throttle';
import { serveOrderStoreForTests } from '@/lib/store';
import { openOrderStore } from '@/lib/store/open';
import type { OrderStore } from '@/lib/store/order-store';
import { serveSyncEngineForTests } from '@/lib/sync';
import { SyncEngine } from '@/lib/sync/engine';
import {
  clientFor,
  DEMO_KEY,
  freshStore,
  startService,
  type ClientFixture,
  type ServiceFixture,
} from '@/tests/support/sync/harness';
import { fakeClient, signedInCookie } from '@/tests/integration/api/support';

// The route tests' one set-up: the dashboard's routes called in-process over a fresh store of their
// own, and the embedded service with demo data (routesFixture) or the fake key's list with a shop
// of each test's own (routesShopPerTest). serveFromHolder makes the process's store and engine
// (getOrderStore, getSyncEngine) the holder's.

export interface RoutesHolder {
  store?: OrderStore;
  engine?: SyncEngine;
}

/**
 * The routes and loaders called in-process read the holder's store, and its engine unless
 * `engine: false` (then the process's own engine, over the holder's store), whenever they ask.
 */
export function serveFromHolder(holder: RoutesHolder, options: { engine?: boolean } = {}): void {
  serveOrderStoreForTests(() => holder.store!);
  if (options.engine !== false) serveSyncEngineForTests(() => holder.engine!);
}

export interface RoutesFixture {
  svc: ServiceFixture;
  /** The demo key's shops. */
  shops: Shop[];
  /** The upstream requests the routes and the engine made. */
  requests: ClientFixture['requests'];
  close(): Promise<void>;
}

export interface RoutesOptions {
  orders: number;
  postgres: boolean;
  /** The clock orders settle by (default the real one). */
  settleClock?: () => number;
  /** The demo data's generation time (default now): no order is created after it. */
  now?: Date;
}

export async function startRoutesFixture(holder: RoutesHolder, options: RoutesOptions): Promise<RoutesFixture> {
  const svc = await startService({ orders: options.orders, now: options.now, settleClock: options.settleClock });
  const shops = (await svc.service.listShops(DEMO_KEY, { page: 1, limit: 100 })).items;
  const fixture = await freshStore(svc.dir, options.postgres);
  holder.store = fixture.store;
  const { client, requests } = clientFor(svc.handler);
  setUpstreamClientForTests(client);
  holder.engine = new SyncEngine({ store: holder.store, client });
  return {
    svc,
    shops,
    requests,
    async close() {
      setUpstreamClientForTests(undefined);
      resetLoginThrottleForTests();
      await holder.engine?.stop();
      await fixture.close();
      await svc.close();
    },
  };
}

export interface ServedRoutes extends RoutesFixture {
  /** The store the routes read and write. */
  store: OrderStore;
  /** The engine the routes start syncs on. */
  engine: SyncEngine;
  /** The demo key's first shop (the main one). */
  shop: Shop;
}

/**
 * The route tests' one set-up, for a describe block: the routes served over the embedded service's
 * demo data and a fresh store of their own, started before its tests (within `timeoutMs`) and
 * closed after them. Its fields are there from the first test (and the block's own beforeAll) on.
 */
export function routesFixture(
  options: RoutesOptions & {
    /** false: the routes start syncs on the process's own engine (over the same store). */
    engine?: boolean;
  },
  timeoutMs = 240_000,
): ServedRoutes {
  const holder: RoutesHolder = {};
  const served = {} as ServedRoutes;
  serveFromHolder(holder, options);
  beforeAll(async () => {
    // Each block serves its own store, also when a file holds several (one per store kind).
    serveFromHolder(holder, options);
    const fixture = await startRoutesFixture(holder, options);
    Object.assign(served, fixture, { store: holder.store!, engine: holder.engine!, shop: fixture.shops[0]! });
  }, timeoutMs);
  afterAll(async () => {
    await served.close?.();
  });
  return served;
}

/**
 * The routes over a SQLite store of the file's own (the process's engine on it), a signed-in
 * cookie, and for each test a shop of its own in the fake key's list with `products` as its
 * catalog, so no two tests meet each other's inputs. Read `shopId` and `cookie` from the returned
 * object inside a test. With `upstreamCatalog`, the fake key's products answer is the catalog too
 * (read before a first sync).
 */
export function routesShopPerTest(
  products: Product[],
  prefix: string,
  options: { shopName?: string; upstreamCatalog?: boolean } = {},
) {
  const holder: RoutesHolder = {};
  serveFromHolder(holder, { engine: false });
  const state = { shopId: '', cookie: '', dir: '', seq: 0 };
  beforeAll(async () => {
    state.dir = mkdtempSync(join(tmpdir(), `${prefix}-routes-`));
    holder.store = await openOrderStore({ sqliteFile: join(state.dir, 'store.db') });
    state.cookie = await signedInCookie();
  });
  afterAll(async () => {
    setUpstreamClientForTests(undefined);
    await holder.store?.close();
    rmSync(state.dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    state.seq += 1;
    const shopId = `shop-${prefix}${state.seq}`;
    state.shopId = shopId;
    const catalog = { items: products, pagination: { page: 1, limit: 20, total: products.length, totalPages: 1 } };
    const client = fakeClient(options.upstreamCatalog ? { products: async () => catalog } : {});
    const base = client.shops;
    client.shops = async (...args) => {
      const page = await base(...args);
      const name = `${options.shopName ?? 'Shop'} ${state.seq}`;
      return { ...page, items: [...page.items, { ...page.items[0]!, id: shopId, shopName: name }] };
    };
    setUpstreamClientForTests(client);
    await holder.store!.upsertCatalog(shopId, products);
  });
  return state;
}
