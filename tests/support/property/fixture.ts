import type { Shop } from '@/lib/contract';
import type { OrderStore } from '@/lib/store/order-store';
import { SyncEngine } from '@/lib/sync/engine';
import type { UpstreamClient } from '@/lib/upstream/types';
import { readShop, type RawShop } from '@/tests/support/oracle/recount';
import {
  clientFor,
  DEMO_KEY,
  DEMO_SECRET,
  freshStore,
  startService,
  type ServiceFixture,
} from '@/tests/support/sync/harness';

// The property tests' one set-up: the embedded service over generated demo data, every shop's raw
// orders read for the oracle over its HTTP interface, a fresh store (SQLite, or a private schema of
// TEST_DATABASE_URL) and a sync engine on it. Each property syncs the ranges it draws.

const DAY = 86_400;

export interface PropertyFixture {
  svc: ServiceFixture;
  /** Every shop of the demo key. */
  shops: Shop[];
  /** Each shop's raw orders, by shop id, from `rawDays` days ago to tomorrow. */
  raw: Map<string, RawShop>;
  store: OrderStore;
  client: UpstreamClient;
  engine: SyncEngine;
  close(): Promise<void>;
}

export async function startPropertyFixture(options: {
  orders: number;
  postgres: boolean;
  /** How many days back the oracle reads each shop's raw orders. */
  rawDays: number;
}): Promise<PropertyFixture> {
  // Orders settle by a clock frozen at the fixture's start: the oracle reads the raw orders once,
  // and an order that settled between that read and a property's sync (the demo settles by the real
  // clock) would change its fees on one side only.
  const startMs = Date.now();
  const svc = await startService({ orders: options.orders, now: new Date(startMs), settleClock: () => startMs });
  const shops = (await svc.service.listShops(DEMO_KEY, { page: 1, limit: 100 })).items;
  const now = Math.floor(startMs / 1000);
  const fetch = (request: Request) => svc.handler.handle(request, { clientIp: '127.0.0.1' });
  const raw = new Map<string, RawShop>();
  for (const shop of shops)
    raw.set(
      shop.id,
      await readShop(fetch, DEMO_KEY, DEMO_SECRET, shop.id, shop.timezone, now - options.rawDays * DAY, now + DAY),
    );
  const fixture = await freshStore(svc.dir, options.postgres);
  const { client } = clientFor(svc.handler);
  const engine = new SyncEngine({ store: fixture.store, client });
  return {
    svc,
    shops,
    raw,
    store: fixture.store,
    client,
    engine,
    async close() {
      await engine.stop();
      await fixture.close();
      await svc.close();
    },
  };
}
