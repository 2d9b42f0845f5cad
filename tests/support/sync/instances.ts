import { afterAll, beforeAll } from 'vitest';
import type { Redis } from 'ioredis';
import type { OrderStore } from '@/lib/store/order-store';
import { createUpstreamClient } from '@/lib/upstream/client';
import type { UpstreamClient } from '@/lib/upstream/types';
import {
  DEMO_KEY,
  DEMO_SECRET,
  sharedInstances,
  startService,
  type InstancesFixture,
  type ServiceFixture,
} from './harness';

// The multi-instance sync tests' set-up: the embedded service and `n` app instances on one
// PostgreSQL store and one Redis (TEST_DATABASE_URL, TEST_REDIS_URL), for a describe block.

export interface InstancesOverService {
  svc: ServiceFixture;
  /** Each instance's own order store, all on one schema. */
  stores: OrderStore[];
  /** Each instance's own Redis connection. */
  redises: Redis[];
}

/** Started before the block's tests, closed after them; its fields are there from the first test on. */
export function instancesOverService(n: number, options: { orders: number }): InstancesOverService {
  const fixture = {} as InstancesOverService;
  let instances: InstancesFixture | undefined;
  beforeAll(async () => {
    fixture.svc = await startService({ orders: options.orders });
    instances = await sharedInstances(n);
    fixture.stores = instances.stores;
    fixture.redises = instances.redises;
  }, 60_000);
  afterAll(async () => {
    await instances?.close();
    await fixture.svc?.close();
  });
  return fixture;
}

/** An upstream client of the demo key over `fetch`: no cache, no budget (every request sent at once). */
export function unscheduledClient(fetch: (request: Request) => Promise<Response>): UpstreamClient {
  return createUpstreamClient({
    baseUrl: 'http://embedded.invalid',
    appKey: DEMO_KEY,
    appSecret: DEMO_SECRET,
    cacheTtlMs: 0,
    scheduler: { schedule: (task) => task(), pause: () => {} },
    fetch,
  });
}
