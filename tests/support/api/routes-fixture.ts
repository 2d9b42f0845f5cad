import type { Shop } from '@/lib/contract';
import { setUpstreamClientForTests } from '@/lib/server/upstream';
import { resetLoginThrottleForTests } from '@/lib/session/login-throttle';
import type { OrderStore } from '@/lib/store/order-store';
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
// for tests that call route handlers in-process. The test file mocks getOrderStore/getSyncEngine
// to read `holder` (vi.mock must stay in the test file).

export interface RoutesHolder {
  store?: OrderStore;
  engine?: SyncEngine;
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
