import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { Order, Shop } from '@/lib/contract';
import { SlidingWindowLimiter } from '@/lib/rate-limit/sliding-window';
import { planDemoData, writeDemoData } from '@/lib/service/demo';
import { createServiceHandler, type ServiceHandler } from '@/lib/service/handler';
import { createServiceStore, type SqlServiceStore } from '@/lib/service/store';
import { openOrderStore } from '@/lib/store';
import type { OrderStore } from '@/lib/store/order-store';
import { createUpstreamClient, Scheduler } from '@/lib/upstream';
import type { UpstreamClient } from '@/lib/upstream/types';

// The embedded service in-process (real Request/Response semantics) over a small deterministic
// demo data set, an upstream client on it with optional injected faults, and a fresh order store.

export const DEMO_KEY = 'demo-app-key';
export const DEMO_SECRET = 'demo-app-secret';

export interface ServiceFixture {
  dir: string;
  service: SqlServiceStore;
  handler: ServiceHandler;
  /** The demo key's first shop (the main one). */
  shop: Shop;
  /** Every shop of the demo key. */
  shops: Shop[];
  close(): Promise<void>;
}

export interface ServiceOptions {
  /** Orders of the main shop (default 3,000); 'demo': the demo data's own counts. */
  orders?: number | 'demo';
  /** The data's generation time. */
  now?: Date;
  /** The clock orders settle by (default the real one). */
  settleClock?: () => number;
}

export async function startService(options: ServiceOptions = {}): Promise<ServiceFixture> {
  const dir = mkdtempSync(join(tmpdir(), 'spd-sync-'));
  const service = await createServiceStore({ sqliteFile: join(dir, 'service.db'), now: options.settleClock });
  const orders = options.orders ?? 3_000;
  const plan = planDemoData({ now: options.now ?? new Date(), mainShopOrders: orders === 'demo' ? undefined : orders });
  await writeDemoData((work) => service.db.transaction().execute(work), plan, { sqlite: service.sqlite });
  service.invalidateCaches();
  const handler = createServiceHandler({ store: service, ratePerMinute: 1_000_000, ipRatePerMinute: 1_000_000 });
  const shops = (await service.listShops(DEMO_KEY, { page: 1, limit: 100 })).items;
  return {
    dir,
    service,
    handler,
    shop: shops[0]!,
    shops,
    async close() {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Faults {
  /** Every n-th request answers 429 with Retry-After: 0 (0 = never). */
  every429?: number;
  /** Every n-th request answers 500 (0 = never). */
  every500?: number;
  /** Rewrites a successful answer (an upstream that misbehaves without an error status). */
  mangle?: (url: URL, response: Response) => Promise<Response>;
}

export interface ClientFixture {
  client: UpstreamClient;
  /** What the client sent: how many requests, the faults injected, and every request's URL in order. */
  requests: { total: number; faults429: number; faults500: number; urls: URL[] };
}

export function clientFor(handler: ServiceHandler, faults: Faults = {}, ratePerMinute = 1_000_000): ClientFixture {
  const requests = { total: 0, faults429: 0, faults500: 0, urls: [] as URL[] };
  const fetch = async (request: Request): Promise<Response> => {
    const n = ++requests.total;
    requests.urls.push(new URL(request.url));
    const body = (code: string) => JSON.stringify({ success: false, error: { code, message: 'injected' } });
    if (faults.every429 && n % faults.every429 === 0) {
      requests.faults429++;
      return new Response(body('RATE_LIMITED'), { status: 429, headers: { 'Retry-After': '0' } });
    }
    if (faults.every500 && n % faults.every500 === 0) {
      requests.faults500++;
      return new Response(body('INTERNAL_ERROR'), { status: 500 });
    }
    const response = await handler.handle(request, { clientIp: '127.0.0.1' });
    return faults.mangle && response.ok ? faults.mangle(new URL(request.url), response) : response;
  };
  const scheduler = new Scheduler({
    key: DEMO_KEY,
    limiter: new SlidingWindowLimiter({ limit: ratePerMinute, windowMs: 60_000 }),
  });
  const client = createUpstreamClient({
    baseUrl: 'http://embedded.invalid',
    appKey: DEMO_KEY,
    appSecret: DEMO_SECRET,
    fetch,
    scheduler,
    cacheTtlMs: 0,
    backoffBaseMs: 1,
    backoffCapMs: 5,
  });
  return { client, requests };
}

export interface StoreFixture {
  store: OrderStore;
  close(): Promise<void>;
}

/** A fresh order store: SQLite in `dir`, or a private schema of TEST_DATABASE_URL when `postgres`. */
export async function freshStore(dir: string, postgres = false): Promise<StoreFixture> {
  if (!postgres) {
    const store = await openOrderStore({ sqliteFile: join(dir, `orders-${Math.random().toString(36).slice(2)}.db`) });
    return { store, close: () => store.close() };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const schema = `spd_sync_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const store = await openOrderStore({ url: url.toString() });
  return {
    store,
    async close() {
      await store.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

export interface InstancesFixture {
  /** Each app instance's own order store, all on one private schema of TEST_DATABASE_URL. */
  stores: OrderStore[];
  /** Each instance's own connection to TEST_REDIS_URL. */
  redises: Redis[];
  close(): Promise<void>;
}

/** `n` app instances sharing one PostgreSQL store and one Redis, each with its own connections. */
export async function sharedInstances(n: number): Promise<InstancesFixture> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
  await admin.connect();
  const schema = `spd_instances_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const stores: OrderStore[] = [];
  const redises: Redis[] = [];
  for (let i = 0; i < n; i++) {
    stores.push(await openOrderStore({ url: url.toString() }));
    redises.push(new Redis(process.env.TEST_REDIS_URL!));
  }
  return {
    stores,
    redises,
    async close() {
      await Promise.all(stores.map((s) => s.close()));
      for (const r of redises) r.disconnect();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

/** Every order of the shop created in [start, end], straight from the service's store. */
export async function upstreamOrders(
  service: SqlServiceStore,
  shopId: string,
  start: number,
  end: number,
): Promise<Order[]> {
  const out: Order[] = [];
  for (let page = 1; ; page++) {
    const result = await service.listOrders(shopId, { page, limit: 100, sort: 'ASC', startDate: start, endDate: end });
    out.push(...result.items);
    if (page >= result.pagination.totalPages) return out;
  }
}
