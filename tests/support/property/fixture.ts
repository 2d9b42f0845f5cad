import { afterAll, beforeAll } from 'vitest';
import type { Shop } from '@/lib/contract';
import { setUpstreamClientForTests } from '@/lib/server/upstream';
import type { OrderStore } from '@/lib/store/order-store';
import { SyncEngine } from '@/lib/sync/engine';
import type { UpstreamClient } from '@/lib/upstream/types';
import { serveFromHolder } from '@/tests/support/api/routes-fixture';
import { localDayOf, readShop, shiftDay, type RawShop } from '@/tests/support/oracle/recount';
import {
  clientFor,
  DEMO_KEY,
  DEMO_SECRET,
  freshStore,
  startService,
  type ClientFixture,
  type ServiceFixture,
} from '@/tests/support/sync/harness';

// The property tests' one set-up (and that of the tests that move the settlement clock): the
// embedded service over generated demo data, every shop's raw orders read for the oracle over its
// HTTP interface, a fresh store (SQLite, or a private schema of TEST_DATABASE_URL) and a sync engine
// on it, optionally with the last days of each shop synced. Each property syncs the ranges it draws.

const DAY = 86_400;

export interface PropertyOptions {
  orders: number;
  postgres: boolean;
  /** How many days back the oracle reads each shop's raw orders (0: none is read). */
  rawDays: number;
  /** Only the demo key's first shop: its raw orders and its sync (default every shop). */
  firstShopOnly?: boolean;
  /** Days synced for each shop before the properties run, ending today (shop-local; 0 by default). */
  syncDays?: number;
  /** The engine's clock stays at the fixture's start, as the service's data (default the real one). */
  frozenNow?: boolean;
  /** The fixture's start (ms): the demo data's generation time and the settle clock's (default now). */
  startMs?: number;
  /**
   * The routes and loaders called in-process read the fixture's store and start syncs on its engine
   * through its upstream client (`true`), or read its store alone (`'store'`).
   */
  serveRoutes?: boolean | 'store';
}

export interface PropertyFixture {
  svc: ServiceFixture;
  /** Every shop of the demo key (the first alone with `firstShopOnly`). */
  shops: Shop[];
  /** The demo key's first shop (the main one). */
  shop: Shop;
  /** Each shop's raw orders, by shop id, from `rawDays` days ago to tomorrow. */
  raw: Map<string, RawShop>;
  store: OrderStore;
  client: UpstreamClient;
  /** The upstream requests the engine made. */
  requests: ClientFixture['requests'];
  engine: SyncEngine;
  /** When the fixture started (ms): the demo data's generation time. */
  startMs: number;
  /**
   * The clock orders settle by (ms), frozen at the start unless a test moves it: the oracle reads
   * the raw orders once, and an order that settled between that read and a property's sync would
   * change its fees on one side only.
   */
  settle: { ms: number };
  /** Today on a shop's clock at the fixture's start. */
  todayOf(shop: Shop): string;
  close(): Promise<void>;
}

export async function startPropertyFixture(options: PropertyOptions): Promise<PropertyFixture> {
  const startMs = options.startMs ?? Date.now();
  const settle = { ms: startMs };
  const svc = await startService({ orders: options.orders, now: new Date(startMs), settleClock: () => settle.ms });
  const shops = options.firstShopOnly ? [svc.shop] : svc.shops;
  const now = Math.floor(startMs / 1000);
  const todayOf = (shop: Shop) => localDayOf(now, shop.timezone);
  const fetch = (request: Request) => svc.handler.handle(request, { clientIp: '127.0.0.1' });
  const raw = new Map<string, RawShop>();
  if (options.rawDays > 0)
    for (const shop of shops)
      raw.set(
        shop.id,
        await readShop(fetch, DEMO_KEY, DEMO_SECRET, shop.id, shop.timezone, now - options.rawDays * DAY, now + DAY),
      );
  const fixture = await freshStore(svc.dir, options.postgres);
  const { client, requests } = clientFor(svc.handler);
  const engine = new SyncEngine({
    store: fixture.store,
    client,
    ...(options.frozenNow ? { now: () => startMs } : {}),
  });
  if (options.serveRoutes) serveFromHolder({ store: fixture.store, engine }, { engine: options.serveRoutes === true });
  if (options.serveRoutes === true) setUpstreamClientForTests(client);
  if (options.syncDays)
    for (const shop of shops)
      await engine.sync(shop, { from: shiftDay(todayOf(shop), -options.syncDays), to: todayOf(shop) });
  return {
    svc,
    shops,
    shop: svc.shop,
    raw,
    store: fixture.store,
    client,
    requests,
    engine,
    startMs,
    settle,
    todayOf,
    async close() {
      if (options.serveRoutes === true) setUpstreamClientForTests(undefined);
      await engine.stop();
      await fixture.close();
      await svc.close();
    },
  };
}

/**
 * A start for a test of closing last month while its orders settle: 12:00 UTC on the 5th of a month
 * (the 4th to the 6th in every shop's zone), the latest such instant at least five days ago. Orders
 * settle 21 to 34 days after they were made, so on the 30th of a month hardly any order of the month
 * before is still open; from here last month always has many, whatever day the tests run.
 */
export function earlyInMonth(nowMs = Date.now()): number {
  const back = new Date(nowMs - 5 * 86_400_000);
  return Date.UTC(back.getUTCFullYear(), back.getUTCMonth(), 5, 12);
}

/**
 * The fixture of a describe block: started before its tests (within `timeoutMs`), closed after
 * them. Its fields are there from the first test on.
 */
export function propertyFixture(options: PropertyOptions, timeoutMs = 240_000): PropertyFixture {
  const fixture = {} as PropertyFixture;
  beforeAll(async () => {
    Object.assign(fixture, await startPropertyFixture(options));
  }, timeoutMs);
  afterAll(async () => {
    await fixture.close?.();
  });
  return fixture;
}
