import type { Shop } from '@/lib/contract';
import { setUpstreamClientForTests } from '@/lib/server/upstream';
import { resetLoginThrottleForTests } from '@/lib/session/login-throttle';
import { serveOrderStoreForTests } from '@/lib/store';
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

// The dashboard's routes over the embedded service with demo data and a fresh store of their own,
// for tests that call route handlers in-process. serveFromHolder makes the process's store and
// engine (getOrderStore, getSyncEngine) the holder's.

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

export async function startRoutesFixture(
  holder: RoutesHolder,
  options: { orders: number; postgres: boolean; settleClock?: () => number },
): Promise<RoutesFixture> {
  const svc = await startService({ orders: options.orders, settleClock: options.settleClock });
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
